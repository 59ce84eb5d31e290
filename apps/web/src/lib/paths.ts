/** Builds app paths with the optional leading tenant segment. */
export function withTenant(tenant: string | null | undefined, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return tenant ? `/${tenant}${clean}` : clean;
}

export const loginPath = (tenant?: string | null) => withTenant(tenant, '/login');
export const pagesPath = (tenant: string | null | undefined, sub = '') =>
  withTenant(tenant, sub ? `/pages/${sub}` : '/pages');
