import { api, downloadFromApi } from '@deals/shared-auth/client';
import type { MessageResponse, CreatedResponse, RegisterUserRequest, SecuritySettings, TablePage, UpdateUserRequest, User, UserListItem } from '@deals/contract';

export type { User, UserListItem };

/** One page of the users table, filtered and sorted by the server (email and phone null for non-admins). */
export async function fetchUsersPage(query: Record<string, unknown>): Promise<TablePage<UserListItem>> {
  const { data } = await api.get<TablePage<UserListItem>>('Users/GetAllUsers', { params: query });
  return data;
}

/** Download CSV: every user matching the table's filters, written by the server. */
export function downloadUsersCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('Users/ExportUsersCsv', { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'users.csv');
}

export async function fetchUser(id: number): Promise<User> {
  const { data } = await api.get<User>('Users/GetUser', { params: { id } });
  return data;
}

export async function registerUser(user: RegisterUserRequest): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Users/Register', user);
  return data;
}

export async function updateUser(user: UpdateUserRequest): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Users/UpdateUser', user);
  return data;
}

/** The spec's call carries both passwords in the query and an empty body. */
export async function changeOwnPassword(password: string, oldPassword: string): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Users/ChangeUserPassword', null, { params: { password, oldPassword } });
  return data;
}

export async function fetchSecuritySettings(): Promise<SecuritySettings> {
  const { data } = await api.get<SecuritySettings>('Users/SecuritySettings');
  return data;
}

export async function saveSecuritySettings(settings: SecuritySettings): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Users/SecuritySettings', settings);
  return data;
}

/** Signs a user out everywhere (admins). */
export async function endUserSessions(userId: number): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/EndUserSessions', { userId });
  return data;
}
