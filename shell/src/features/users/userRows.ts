import type { CsvColumn } from '@deals/shared-auth';
import type { UserListItem } from './api';

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The table's search form: text fields match anywhere, ignoring case; flags are 'true'/'false'. */
export interface UserFilter {
  username?: string;
  fullName?: string;
  isActive?: string;
  isAdmin?: string;
}

export type UserSortKey = 'username' | 'fullName' | 'isActive' | 'isAdmin';
export type SortOrder = 'ascend' | 'descend' | null | undefined;

const contains = (value: string, term: string | undefined) => !term?.trim() || value.toLowerCase().includes(term.trim().toLowerCase());
const flagMatches = (value: boolean, flag: string | undefined) => flag === undefined || flag === '' || String(value) === flag;

export function filterUsers(users: readonly UserListItem[], filter: UserFilter): UserListItem[] {
  return users.filter(
    (user) =>
      contains(user.username, filter.username) &&
      contains(user.fullName, filter.fullName) &&
      flagMatches(user.isActive, filter.isActive) &&
      flagMatches(user.isAdmin, filter.isAdmin),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortUsers(users: readonly UserListItem[], sort: Partial<Record<UserSortKey, SortOrder>>): UserListItem[] {
  const entry = Object.entries(sort).find(([, order]) => order) as [UserSortKey, 'ascend' | 'descend'] | undefined;
  if (!entry) return [...users];
  const [key, order] = entry;
  const direction = order === 'ascend' ? 1 : -1;
  return [...users].sort((a, b) => {
    const left = a[key];
    const right = b[key];
    const compared = typeof left === 'boolean' ? Number(left) - Number(right) : collator.compare(String(left), String(right));
    return compared * direction || a.id - b.id;
  });
}

/** What Download writes: the table's columns as shown (no Actions). */
export const USER_CSV_COLUMNS: CsvColumn<UserListItem>[] = [
  { title: 'Username', value: (user) => user.username },
  { title: 'Full Name', value: (user) => user.fullName },
  { title: 'Is User Active?', value: (user) => yesNo(user.isActive) },
  { title: 'Is User Admin?', value: (user) => yesNo(user.isAdmin) },
];
