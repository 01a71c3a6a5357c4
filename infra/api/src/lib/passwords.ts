/**
 * Password hashing with argon2id at OWASP's minimum settings (19 MiB, 2 passes, 1 lane): about
 * 30 ms here, native code off the event loop.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum (unusable under isolatedModules); 2 is its Argon2id member.
const PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check, for unknown usernames, so response times do not reveal
 * which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummyHash, password);
  return false;
}
