// The menu item routes (App.tsx).
const M = '/cms/management';

export const LIST_PATH = `${M}/menu-items`;
export const NEW_PATH = `${M}/menu-item`;
export const editPath = (id: number) => `${M}/menu-item/edit/${id}`;
