// The remotes of the system: one table used by the build (dev ports), the dev runner and the docs.
export const REMOTES = {
  public: { folder: 'remote-public', devPort: 3001 },
  catalog: { folder: 'remote-catalog', devPort: 3002 },
  cms: { folder: 'remote-cms', devPort: 3003 },
  notifications: { folder: 'remote-notifications', devPort: 3004 },
};
export const SHELL_DEV_PORT = 3000;
export const API_PORT = Number(process.env.PORT || 8080);

/**
 * The container name a remote registers under. Prefixed because a bare `public` is a reserved
 * word and not a valid global name; remotes.json keys stay the short names.
 * @param {string} name
 */
export function federationName(name) {
  return `deals_${name}`;
}
