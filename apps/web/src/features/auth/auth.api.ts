import type { LoginRequest, LoginResponse, PublicTenantTheme, SessionUser } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const login = (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body, { isLogin: true });

export const publicThemeQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-theme', slug],
    queryFn: () => api.get<PublicTenantTheme>(`/public/tenants/${encodeURIComponent(slug)}/theme`),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const meQuery = () =>
  queryOptions({ queryKey: ['me'], queryFn: () => api.get<SessionUser>('/auth/me'), staleTime: 5 * 60_000 });

export const resetPassword = (body: { uuid: string; newPassword: string }) =>
  api.post<{ reset: true }>('/users/password/reset', body, { isLogin: true });
