/** Helpers for the server-side admin table tests. */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

type Sortable = string | number | boolean | null | undefined;

/**
 * The rows in the order an AdminTable gives them for a sort value: empty values last either way,
 * the id breaking ties in the sort's direction. Texts compare case-insensitively, as the tables do.
 */
export function sortedLikeTable<Row extends { id: number }>(rows: readonly Row[], value: (row: Row) => Sortable | Sortable[], order: 'asc' | 'desc', id: (row: Row) => number = (row) => row.id): Row[] {
  const norm = (v: Sortable): Sortable => (typeof v === 'string' ? v.toLowerCase() : v);
  const compare = (x: Sortable, y: Sortable) => (x! < y! ? -1 : x! > y! ? 1 : 0);
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const xs = (Array.isArray(x) ? x : [x]).map(norm);
    const ys = (Array.isArray(y) ? y : [y]).map(norm);
    if (xs.length === 1 && (xs[0] === null || xs[0] === undefined || ys[0] === null || ys[0] === undefined)) {
      const [xn, yn] = [xs[0] === null || xs[0] === undefined, ys[0] === null || ys[0] === undefined];
      if (xn !== yn) return xn ? 1 : -1;
      if (xn && yn) return dir * (id(a) - id(b));
    }
    for (let i = 0; i < xs.length; i++) {
      const by = compare(xs[i], ys[i]);
      if (by) return dir * by;
    }
    return dir * (id(a) - id(b));
  });
}

/** A GET through the app, asserting 200, answering the JSON. */
export async function getJson<T>(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as T;
}

/** A CSV answer's lines, without the byte-order mark. */
export const csvLines = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
