/**
 * The back office's server-side tables as one service (`fastify.adminTables`): a page of a table
 * as the JSON PostgreSQL writes, and its Download CSV streamed in batches. Routes name a table and
 * pass its validated query; the SQL (`db/admin-tables/`) stays behind this service.
 */
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { CsvColumn } from '@deals/contract/csv';
import type { TablePage } from '@deals/contract/tables';
import type { Database } from '../../db/client.js';
import { AUDIT_LOG_TABLE, auditActors, auditLogCsvColumns, auditRecordTypes } from '../../db/admin-tables/audit-log-table.js';
import { BANNERS_TABLE, bannerCsvColumns } from '../../db/admin-tables/banners-table.js';
import { dealCsvColumns, DEALS_TABLE } from '../../db/admin-tables/deals-table.js';
import { BLOGS_TABLE, blogCsvColumns, pageCsvColumns, PAGES_TABLE } from '../../db/admin-tables/pages-table.js';
import { PUSH_HISTORY_TABLE, pushHistoryCsvColumns } from '../../db/admin-tables/push-history-table.js';
import { DEAL_PICKER_TABLE, SECTION_DEALS_TABLE } from '../../db/admin-tables/section-deals-table.js';
import { sectionCsvColumns, SECTIONS_TABLE } from '../../db/admin-tables/sections-table.js';
import { tableBatches, tablePageJson, type AdminTable, type AdminTableQuery } from '../../db/admin-tables/table.js';
import { USER_CSV_COLUMNS, USERS_TABLE } from '../../db/admin-tables/users-table.js';
import { dateTimeWriter, exportTimeZone, sendCsv } from '../../lib/csv-export.js';

/** A table, and for those with Download CSV its file name and columns (dates written in the viewer's zone). */
interface TableEntry {
  // Any table and row type: each entry keeps its own through `satisfies` below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: AdminTable<any, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  csv?: { file: string; columns: (dateTime: (stamp: string | null) => string) => readonly CsvColumn<any>[] };
}

const TABLES = {
  deals: { table: DEALS_TABLE, csv: { file: 'deals', columns: dealCsvColumns } },
  dealPicker: { table: DEAL_PICKER_TABLE },
  sectionDeals: { table: SECTION_DEALS_TABLE },
  users: { table: USERS_TABLE, csv: { file: 'users', columns: () => USER_CSV_COLUMNS } },
  pushHistory: { table: PUSH_HISTORY_TABLE, csv: { file: 'push-notifications', columns: pushHistoryCsvColumns } },
  pages: { table: PAGES_TABLE, csv: { file: 'pages', columns: pageCsvColumns } },
  blogs: { table: BLOGS_TABLE, csv: { file: 'blogs', columns: blogCsvColumns } },
  sections: { table: SECTIONS_TABLE, csv: { file: 'content-sections', columns: sectionCsvColumns } },
  banners: { table: BANNERS_TABLE, csv: { file: 'banners', columns: bannerCsvColumns } },
  auditLog: { table: AUDIT_LOG_TABLE, csv: { file: 'audit-log', columns: auditLogCsvColumns } },
} satisfies Record<string, TableEntry>;

type Tables = typeof TABLES;
export type AdminTableName = keyof Tables;
/** The query a table takes: its filters, sort and page. */
export type AdminTableQueryOf<N extends AdminTableName> = Tables[N]['table'] extends AdminTable<infer Q, infer _K> ? Q : never;
/** A table's row, as its Download CSV reads it (unknown for tables without one). */
export type AdminTableRow<N extends AdminTableName> = Tables[N] extends { csv: { columns: (dateTime: never) => readonly CsvColumn<infer Row>[] } } ? Row : unknown;
/** The tables with Download CSV. */
export type ExportableTable = { [N in AdminTableName]: Tables[N] extends { csv: object } ? N : never }[AdminTableName];

export function createAdminTables(db: Database) {
  // One signature for every table: the registry's entries differ only in their type parameters.
  const tableOf = (name: AdminTableName): TableEntry => TABLES[name];
  return {
    /** One page and the total as the JSON text `{ items, total, page, pageSize }` (sent as it is). */
    pageJson<N extends AdminTableName>(name: N, query: AdminTableQueryOf<N>): Promise<string> {
      return tablePageJson(db, tableOf(name).table, query);
    },

    /** The same page, parsed (for routes that adjust the rows, such as hiding contact details). */
    async page<N extends AdminTableName>(name: N, query: AdminTableQueryOf<N>): Promise<TablePage<AdminTableRow<N>>> {
      return JSON.parse(await this.pageJson(name, query)) as TablePage<AdminTableRow<N>>;
    },

    /**
     * Download CSV: every matching row in the query's order, streamed a batch at a time, dates in
     * `timeZone` (checked: a 400 on the field for an unknown zone, even for tables without dates).
     * Settles before the first byte, so a filter the database refuses is a 400, not a cut download.
     */
    sendCsv<N extends ExportableTable>(reply: FastifyReply, name: N, query: AdminTableQueryOf<N>, timeZone: string | undefined): Promise<FastifyReply> {
      const { table, csv } = tableOf(name);
      const columns = csv!.columns(dateTimeWriter(exportTimeZone(timeZone)));
      return sendCsv(reply, csv!.file, columns, tableBatches<unknown, AdminTableQuery<string>, string>(db, table, query));
    },

    /** The audit log screen's filter choices: everyone in the log, and the record types it holds. */
    auditActors: () => auditActors(db),
    auditRecordTypes: () => auditRecordTypes(db),
  };
}

export type AdminTables = ReturnType<typeof createAdminTables>;

declare module 'fastify' {
  interface FastifyInstance {
    adminTables: AdminTables;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('adminTables', createAdminTables(fastify.db));
  },
  { name: 'admin-tables', dependencies: ['database'] },
);
