/**
 * A server-side admin table (one that scales to the whole catalogue) in two steps, so an index can serve the common orders and
 * a page never reads more rows than it shows:
 * 1. the ordered ids matching the filters (`ids` — joining only what the filters and the sort read);
 * 2. the rows' JSON for those ids alone, written by PostgreSQL in the ids' order (`rowsJson`).
 * A page is both in one statement with the total; the CSV export reads all ids once, then the
 * rows in batches, so memory stays bounded whatever the table's size.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TABLE_DEFAULT_PAGE_SIZE, type SortOrder } from '@deals/contract/tables';
import type { Database } from '../client.js';

export interface AdminTableQuery<K extends string> {
  page?: number | undefined;
  pageSize?: number | undefined;
  sortBy?: K | undefined;
  order?: SortOrder | undefined;
}

export interface AdminTable<Q extends AdminTableQuery<K>, K extends string> {
  /** `FROM … WHERE …` of the id query, for this query's filters and sort (the row alias is the table's). */
  from(query: Q, sortBy: K): SQL;
  /** The id column in `from` (for example `p.id`); ties of every sort are broken by it. */
  id: SQL;
  /** Sortable key → the expression it orders by. */
  sort: Record<K, SQL>;
  /**
   * Sort keys whose value may be empty: they sort empty values last either way. The others get
   * no NULLS clause, so a plain b-tree index serves them both ways (DESC NULLS LAST is not the
   * backward order of an ascending index, and the planner would sort every row instead).
   */
  nullable: readonly K[];
  defaultSort: K;
  defaultOrder: SortOrder;
  /**
   * `SELECT coalesce(json_agg(… ORDER BY page.n), '[]'::json) FROM <page> …`: the rows of the ids
   * in `page(id, n)`, in `n` order. `page` is a FROM item to join the table to.
   */
  rowsJson(page: SQL): SQL;
}

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of the ids, as one bound parameter (both drivers take a PostgreSQL array literal). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** The timestamp as the API writes it everywhere: ISO 8601 in UTC with milliseconds. */
export const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function orderBy<Q extends AdminTableQuery<K>, K extends string>(table: AdminTable<Q, K>, query: Q): { sortBy: K; order: SQL } {
  const sortBy = query.sortBy ?? table.defaultSort;
  const direction = sql.raw((query.order ?? table.defaultOrder) === 'asc' ? 'ASC' : 'DESC');
  // The id breaks ties, so pages never overlap or skip a row.
  const nulls = table.nullable.includes(sortBy) ? sql` NULLS LAST` : sql``;
  return { sortBy, order: sql`${table.sort[sortBy]} ${direction}${nulls}, ${table.id} ${direction}` };
}

function idQuery<Q extends AdminTableQuery<K>, K extends string>(table: AdminTable<Q, K>, query: Q, limit?: { size: number; offset: number }): SQL {
  const { sortBy, order } = orderBy(table, query);
  return sql`SELECT ${table.id} ${table.from(query, sortBy)} ORDER BY ${order} ${limit ? sql`LIMIT ${limit.size} OFFSET ${limit.offset}` : sql``}`;
}

/** One page of the table and the total, as the JSON text `{ items, total, page, pageSize }`. */
export async function tablePageJson<Q extends AdminTableQuery<K>, K extends string>(db: Database, table: AdminTable<Q, K>, query: Q): Promise<string> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TABLE_DEFAULT_PAGE_SIZE;
  const ids = idQuery(table, query, { size: pageSize, offset: (page - 1) * pageSize });
  // The count needs no sort joins: the default sort's FROM is the filters' alone.
  const result = await db.execute(sql`
    SELECT json_build_object(
      'items', (${table.rowsJson(sql`unnest(ARRAY(${ids})) WITH ORDINALITY AS page(id, n)`)}),
      'total', (SELECT count(*) ${table.from(query, table.defaultSort)})::int,
      'page', ${page}::int,
      'pageSize', ${pageSize}::int
    )::text AS body`);
  return rowsOf<{ body: string }>(result)[0]!.body;
}

/**
 * Every matching id in the table's order (for exports and "all matching" bulk actions), read as
 * one comma-separated text: 100,000 ids cost one string, not 100,000 row objects.
 */
export async function tableIds<Q extends AdminTableQuery<K>, K extends string>(db: Database, table: AdminTable<Q, K>, query: Q): Promise<number[]> {
  const result = await db.execute(sql`SELECT array_to_string(ARRAY(${idQuery(table, query)}), ',') AS ids`);
  const text = rowsOf<{ ids: string | null }>(result)[0]?.ids ?? '';
  return text ? text.split(',').map(Number) : [];
}

/** The rows of these ids, in their order. */
export async function tableRows<Row, Q extends AdminTableQuery<K>, K extends string>(db: Database, table: AdminTable<Q, K>, ids: readonly number[]): Promise<Row[]> {
  const result = await db.execute(sql`SELECT (${table.rowsJson(sql`unnest(${intArray(ids)}) WITH ORDINALITY AS page(id, n)`)})::text AS body`);
  return JSON.parse(rowsOf<{ body: string }>(result)[0]!.body) as Row[];
}

/** Rows read at a time by an export: large enough to keep round trips few, small enough to stay light. */
export const EXPORT_BATCH = 1000;

/** Every matching row in order, a batch at a time (the ids are read once, so a concurrent edit cannot shift rows between batches). */
export async function* tableBatches<Row, Q extends AdminTableQuery<K>, K extends string>(db: Database, table: AdminTable<Q, K>, query: Q): AsyncGenerator<Row[]> {
  const ids = await tableIds(db, table, query);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    yield await tableRows<Row, Q, K>(db, table, ids.slice(start, start + EXPORT_BATCH));
  }
}
