/** Who may change a deal ("own deal unless admin") and how a deal route finds the deal it is about. */
import type { FastifyRequest } from 'fastify';
import type { ImageStore } from './images.js';

/** The `config.rule` of every route guarded by `dealOwnerOrAdmin` (printed in the README matrix). */
export const OWN_DEAL_RULE = 'own deal unless admin';

/** Finds the deal a request is about (from its validated query or body); null when there is none. */
export type DealLocator = (request: FastifyRequest) => number | null | Promise<number | null>;

/** Reads a validated id field of the query or body, e.g. `idFrom('query', 'productId')`. */
export function idFrom(source: 'query' | 'body', field: string): (request: FastifyRequest) => number | null {
  return (request) => {
    const value = (request[source] as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'number' && Number.isInteger(value) ? value : null;
  };
}

/**
 * Stores uploads (each checked by the image store: 415/413 on a bad one), then runs `write` with
 * their names. When a file is refused or `write` fails, the names stored so far are released, so a
 * rejected request leaves no file behind.
 */
export async function withStoredImages<T>(images: ImageStore, uploads: readonly Buffer[], write: (names: string[]) => Promise<T>): Promise<T> {
  const names: string[] = [];
  try {
    for (const upload of uploads) names.push(await images.save(upload));
    return await write(names);
  } catch (error) {
    await images.release(names);
    throw error;
  }
}

/** The ownership rule itself, apart from any request. */
export function mayChangeDeal(viewer: { userId: number; isAdmin: boolean }, deal: { addedById: number | null }): boolean {
  return viewer.isAdmin || (deal.addedById !== null && deal.addedById === viewer.userId);
}
