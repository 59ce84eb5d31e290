import type { LoginRequest, LoginResponse, PublicTenantTheme, SessionUser } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const login = (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body, { isLogin: true });

export const authKeys = {
  me: () => ['me'] as const,
  publicTheme: (slug: string) => ['public-theme', slug] as const,
};

export const publicThemeQuery = (slug: string) =>
  queryOptions({
    queryKey: authKeys.publicTheme(slug),
    queryFn: () => api.get<PublicTenantTheme>(`/public/tenants/${encodeURIComponent(slug)}/theme`),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => api.get<SessionUser>('/auth/me'),
    staleTime: 5 * 60_000,
  });

export const resetPassword = (body: { uuid: string; newPassword: string }) =>
  api.post<{ reset: true }>('/users/password/reset', body, { isLogin: true });
