// What the directory feature offers the app: the `/stores` and `/categories` pages, each loaded on
// demand as a chunk of its own.
export const loadStoresPage = () => import('./StoresPage');
export const loadCategoriesPage = () => import('./CategoriesPage');
