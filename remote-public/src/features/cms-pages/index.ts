// What the cms-pages feature offers the app: the draft preview, the shareable preview link and
// every CMS page url (or Not Found), each loaded on demand as a chunk of its own.
export const loadPreviewPage = () => import('./PreviewPage');
export const loadSharedPreviewPage = () => import('./SharedPreviewPage');
export const loadCmsRoute = () => import('./CmsRoute');
