// The routes of the content-section and banner screens (App.tsx) and of the page and blog
// screens a section or banner created from one returns to.
const M = '/cms/management';

export const SECTIONS_LIST_PATH = `${M}/content-sections`;
export const NEW_CONTENT_SECTION_PATH = `${M}/content-section`;
export const contentSectionEditPath = (id: number) => `${M}/content-section/edit/${id}`;
export const NEW_BANNER_PATH = `${M}/banner`;
export const bannerEditPath = (id: number) => `${M}/banner/edit/${id}`;
export const pageEditPath = (id: number) => `${M}/page/edit/${id}`;
export const blogEditPath = (id: number) => `${M}/blog/edit/${id}`;
