// What the users feature offers the admin area: the users page, loaded on demand as a chunk of
// its own.
export const loadUsersPage = () => import('./UsersPage');
