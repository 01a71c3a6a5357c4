/**
 * The users table (`GET Users/GetAllUsers?page=…`, `Users/ExportUsersCsv`): its filters, sorts and
 * row JSON. Rows carry the public user fields only: the password hash is never read here.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import type { UserTableQuery, UserTableSortKey } from '@deals/contract/user-table';
import { yesNo } from '../../lib/csv-export.js';
import { containsPattern, type AdminTable } from './table.js';

/** A users row as the table's SQL writes it; `toUser` adds the first and last name. */
export interface UserTableRow {
  id: number;
  username: string;
  fullName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  isAdmin: boolean;
}

export type UserTableFilter = Omit<UserTableQuery, 'isActive' | 'isAdmin'> & { isActive?: boolean | undefined; isAdmin?: boolean | undefined };

export function usersWhere(query: UserTableFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.username?.trim()) conditions.push(sql`u.username ILIKE ${containsPattern(query.username.trim())}`);
  if (query.fullName?.trim()) conditions.push(sql`u.full_name ILIKE ${containsPattern(query.fullName.trim())}`);
  if (query.email?.trim()) conditions.push(sql`u.email ILIKE ${containsPattern(query.email.trim())}`);
  if (query.isActive !== undefined) conditions.push(sql`u.is_active = ${query.isActive}`);
  if (query.isAdmin !== undefined) conditions.push(sql`u.is_admin = ${query.isAdmin}`);
  if (query.createdFrom) conditions.push(sql`u.created_at >= ${query.createdFrom}::timestamptz`);
  if (query.createdTo) conditions.push(sql`u.created_at <= ${query.createdTo}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

export const USERS_TABLE: AdminTable<UserTableFilter, UserTableSortKey> = {
  id: sql`u.id`,
  from: (query) => sql`FROM users u WHERE ${usersWhere(query)}`,
  sort: {
    // The spec call's order (and the unique index users_username_lower_key).
    username: sql`lower(u.username)`,
    fullName: sql`lower(u.full_name)`,
    email: sql`lower(u.email)`,
    isActive: sql`u.is_active`,
    isAdmin: sql`u.is_admin`,
  },
  nullable: [],
  defaultSort: 'username',
  defaultOrder: 'asc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', u.id, 'username', u.username, 'fullName', u.full_name, 'email', u.email, 'phone', u.phone,
      'isActive', u.is_active, 'isAdmin', u.is_admin
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN users u ON u.id = page.id`,
};

/** Download CSV of the users table: the columns as shown (no Actions), as the browser's own download wrote them. */
export const USER_CSV_COLUMNS: CsvColumn<UserTableRow>[] = [
  { title: 'Username', value: (user) => user.username },
  { title: 'Full Name', value: (user) => user.fullName },
  { title: 'Is User Active?', value: (user) => yesNo(user.isActive) },
  { title: 'Is User Admin?', value: (user) => yesNo(user.isAdmin) },
];
