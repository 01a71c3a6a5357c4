// What the blogs feature offers the rest of the site: the latest posts, as the home page lists
// them, and the `/blogs-and-reviews` page, loaded on demand as a chunk of its own.
export { LatestBlogs } from './LatestBlogs';
export const loadBlogsPage = () => import('./BlogsPage');
