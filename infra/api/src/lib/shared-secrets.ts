/**
 * Secrets every instance of a deployment must agree on (the JWT signing key, the VAPID key pair):
 * set by the environment, or generated once for the whole deployment and kept in PostgreSQL
 * (`deployment_secrets`). The first instance to start inserts its candidate; every other instance,
 * then or later, reads the same row, so a token signed by one is accepted by all.
 *
 * A single-instance deployment of an earlier version kept them under `DATA_DIR/secrets/`; such a
 * file is offered as the candidate so an upgrade keeps its sessions and browser subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { deploymentSecrets } from '../db/schema.js';

export interface SharedSecretOptions {
  /** The row's name in `deployment_secrets` (and the legacy file's name under DATA_DIR/secrets). */
  name: string;
  /** Random bytes of a generated secret, or the generator of a structured one (a key pair as JSON). */
  make?: number | (() => string);
  /** Where an earlier version may have generated it. */
  dataDir?: string | undefined;
}

async function legacyFile(dataDir: string | undefined, name: string): Promise<string | null> {
  if (!dataDir) return null;
  try {
    return (await readFile(join(dataDir, 'secrets', name), 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Reads a deployment secret; null when none was generated yet. */
export async function readSharedSecret(db: Database, name: string): Promise<string | null> {
  const [row] = await db.select({ value: deploymentSecrets.value }).from(deploymentSecrets).where(eq(deploymentSecrets.name, name));
  return row?.value ?? null;
}

/** The deployment's secret of this name, generating it when no instance has yet. */
export async function sharedSecret(db: Database, { name, make = 48, dataDir }: SharedSecretOptions): Promise<string> {
  const existing = await readSharedSecret(db, name);
  if (existing) return existing;
  const generate = typeof make === 'function' ? make : () => randomBytes(make).toString('base64url');
  const candidate = (await legacyFile(dataDir, name)) ?? generate();
  // The primary key makes the first insert win; a loser reads the winner's value.
  await db.insert(deploymentSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const value = await readSharedSecret(db, name);
  if (!value) throw new Error(`the deployment secret "${name}" could not be stored`);
  return value;
}

/**
 * Replaces a generated secret, keeping the one it replaces under `<name>-previous` (what tokens
 * signed moments ago are still checked with). Answers the new value.
 */
export async function rotateSharedSecret(db: Database, name: string, make: number | (() => string) = 48): Promise<string> {
  const next = typeof make === 'function' ? make() : randomBytes(make).toString('base64url');
  await db.transaction(async (tx) => {
    // Row locks order concurrent rotations; the second one rotates the first one's key.
    const [current] = await tx.select({ value: deploymentSecrets.value }).from(deploymentSecrets).where(eq(deploymentSecrets.name, name)).for('update');
    if (current) {
      await tx
        .insert(deploymentSecrets)
        .values({ name: `${name}-previous`, value: current.value })
        .onConflictDoUpdate({ target: deploymentSecrets.name, set: { value: current.value, createdAt: sql`now()` } });
    }
    await tx
      .insert(deploymentSecrets)
      .values({ name, value: next })
      .onConflictDoUpdate({ target: deploymentSecrets.name, set: { value: next, createdAt: sql`now()` } });
  });
  return next;
}
