import type {
  ChangePassword,
  Page,
  RegisterUser,
  UpdateUser,
  UpdateUserConfiguration,
  User,
  UserConfiguration,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export type UserFilters = TableState & { role?: string };

export const userKeys = {
  all: ['users'] as const,
  list: (state: UserFilters) => [...userKeys.all, state] as const,
  detail: (id: string) => [...userKeys.all, 'one', id] as const,
};
export const configurationKeys = {
  all: ['configuration'] as const,
  of: (userId: string) => [...configurationKeys.all, userId] as const,
};

export const usersQuery = (state: UserFilters) =>
  queryOptions({
    queryKey: userKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<User>>('/users', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => api.get<User>(`/users/${id}`) });

export const registerUser = (body: RegisterUser) => api.post<User>('/users/register', body);
export const updateUser = (id: string, body: UpdateUser) => api.patch<User>(`/users/${id}`, body);
export const deleteUser = (id: string) => api.delete(`/users/${id}`);
export const createResetLink = (id: string) =>
  api.post<{ link: string; expiresAt: string }>(`/users/${id}/password-reset`);

export const configurationQuery = (id: string) =>
  queryOptions({
    queryKey: configurationKeys.of(id),
    queryFn: () => api.get<UserConfiguration>(`/users/configuration/${id}`),
  });

export const updateConfiguration = (id: string, body: z.input<typeof UpdateUserConfiguration>) =>
  api.patch<UserConfiguration>(`/users/configuration/${id}`, body);

export const changePassword = (id: string, body: ChangePassword) =>
  api.patch<{ changed: true; token?: string; expiresAt?: string }>(`/users/password/${id}`, body);
