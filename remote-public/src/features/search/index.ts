// What the search feature offers the rest of the site: the header's search box with its live
// suggestions.
export { HeaderSearch } from './HeaderSearch';
