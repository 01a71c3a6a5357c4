/**
 * `npm run jwt:rotate -w @deals/api`: replaces the generated JWT signing key of the deployment the
 * environment points at (DATABASE_URL, or the PGlite of DATA_DIR while no server runs on it). The
 * key it replaces is still accepted, so signed-in staff notice nothing: running instances pick the
 * new key up within a minute, or at once when a token names it. A second rotation drops the key
 * before the last; access tokens live 15 minutes, so wait that long between two rotations.
 *
 * With JWT_SECRET set the keys come from the environment instead; see the README.
 */
import { readServerConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { JWT_SECRET_NAME, keyOf } from '../lib/jwt-keys.js';
import { rotateSharedSecret } from '../lib/shared-secrets.js';

const config = readServerConfig(process.env);
if (process.env.JWT_SECRET?.trim()) {
  console.error('JWT_SECRET is set: the key comes from the environment. Set JWT_PREVIOUS_SECRET to the old value and JWT_SECRET to a new one instead (README, "Rotating the JWT key").');
  process.exit(1);
}
const database = await openDatabase(config.app.database);
try {
  const next = await rotateSharedSecret(database.db, JWT_SECRET_NAME);
  console.log(`JWT signing key rotated: new key id ${keyOf(next).kid}; the previous key is accepted until the next rotation.`);
} finally {
  await database.close();
}
