// What the admin-frame feature offers the app: the whole admin area (the frame, its menu and the
// shell's own admin screens), loaded on demand as a chunk of its own so that visitors never load it.
export const loadAdminArea = () => import('./AdminArea');
