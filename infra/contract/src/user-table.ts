/**
 * The users table as a server-side table: `GET Users/GetAllUsers?page=…` and
 * `GET Users/ExportUsersCsv`. Without `page`/`pageSize` the list answers as the spec says (every
 * user by username). Email is an admin's column: ordinary staff may neither filter nor sort by it
 * (403), as they never see it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { OptionalFlagSchema } from './common.ts';
import { DateFilter, tableExportQuerySchema, tableQuerySchema, TextFilter, type TableQuery } from './tables.ts';

/** Sorting keys of the users table; `email` is for admins only. */
export const USER_TABLE_SORT_KEYS = ['username', 'fullName', 'email', 'isActive', 'isAdmin'] as const;
export type UserTableSortKey = (typeof USER_TABLE_SORT_KEYS)[number];

const UserTableFilters = Type.Object({
  /** Part of the username, any case. */
  username: TextFilter(),
  /** Part of the full name, any case. */
  fullName: TextFilter(),
  /** Part of the email address, any case (admins only). */
  email: TextFilter(),
  /** The account may sign in: true, false or empty (all). */
  isActive: OptionalFlagSchema,
  /** The role: admins (true), ordinary staff (false) or empty (all). */
  isAdmin: OptionalFlagSchema,
  /** Created at or after. */
  createdFrom: DateFilter(),
  /** Created at or before. */
  createdTo: DateFilter(),
});
export const USER_TABLE_FILTERS = UserTableFilters.properties;
export type UserTableFilters = Static<typeof UserTableFilters>;
export type UserTableQuery = TableQuery<UserTableSortKey> & UserTableFilters;

/** `GET Users/GetAllUsers`: the spec's call (no query), plus the table's paging, sorting and filters. */
export const GetAllUsersQuerySchema = tableQuerySchema(USER_TABLE_SORT_KEYS, USER_TABLE_FILTERS);
export type GetAllUsersQuery = Static<typeof GetAllUsersQuerySchema>;

/** `GET Users/ExportUsersCsv`: every user matching the filters, in the order asked. */
export const ExportUsersQuerySchema = tableExportQuerySchema(USER_TABLE_SORT_KEYS, USER_TABLE_FILTERS);
export type ExportUsersQuery = Static<typeof ExportUsersQuerySchema>;
