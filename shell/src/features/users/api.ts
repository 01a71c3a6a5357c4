import { api } from '@deals/shared-auth/client';
import type { MessageResponse, CreatedResponse, RegisterUserRequest, UpdateUserRequest, User, UserListItem } from '@deals/api/contract';

export type { User, UserListItem };

export async function fetchUsers(): Promise<UserListItem[]> {
  const { data } = await api.get<UserListItem[]>('Users/GetAllUsers');
  return data;
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
