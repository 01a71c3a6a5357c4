// The featured-section routes (App.tsx) and the deal screen a section's deal opens.
const M = '/admin/management';

export const LIST_PATH = `${M}/featured-sections`;
export const NEW_PATH = `${M}/featured-section`;
export const editPath = (id: number) => `${M}/featured-section/edit/${id}`;
export const dealEditPath = (id: number) => `${M}/product-deal/edit/${id}`;
