import type { Role } from '@promo/contract';

export type NavItem = {
  /** Path under the back office (`''` is its home); `builder` is the landing builder's own route. */
  to: string;
  label: string;
  roles: readonly Role[];
};
export type NavGroup = { label: string | null; items: readonly NavItem[] };

const READERS: readonly Role[] = ['ADMIN', 'ANALYST'];

/**
 * The back-office menu, grouped by what people do there. Each entry lists the roles that can use
 * its page (the route guards agree); a group nobody of the role can use is not shown.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  { label: null, items: [{ to: '', label: 'nav.dashboard', roles: ['SUPERADMIN', ...READERS] }] },
  {
    label: 'nav.groups.campaigns',
    items: [
      { to: 'campaigns', label: 'nav.campaigns', roles: READERS },
      { to: 'campaign-groups', label: 'nav.campaignGroups', roles: READERS },
      { to: 'builder', label: 'nav.landings', roles: ['ADMIN'] },
    ],
  },
  {
    label: 'nav.groups.participants',
    items: [
      { to: 'crm', label: 'nav.crm', roles: READERS },
      { to: 'blacklist', label: 'nav.blacklist', roles: READERS },
    ],
  },
  {
    label: 'nav.groups.prizes',
    items: [
      { to: 'counter', label: 'nav.counter', roles: ['OPERATOR'] },
      { to: 'reports', label: 'nav.myRedemptions', roles: ['OPERATOR'] },
      { to: 'raffles', label: 'nav.raffles', roles: READERS },
      { to: 'instant-awards', label: 'nav.instantAwards', roles: READERS },
      { to: 'codes', label: 'nav.codes', roles: READERS },
      { to: 'centres', label: 'nav.centres', roles: READERS },
      { to: 'centre-groups', label: 'nav.centreGroups', roles: READERS },
    ],
  },
  {
    label: 'nav.groups.marketplace',
    items: [
      { to: 'marketplaces', label: 'nav.marketplaces', roles: READERS },
      { to: 'products', label: 'nav.products', roles: READERS },
      { to: 'product-lots', label: 'nav.lots', roles: READERS },
      { to: 'points', label: 'nav.points', roles: READERS },
    ],
  },
  {
    label: 'nav.groups.reports',
    items: [
      { to: 'statistics', label: 'nav.statistics', roles: READERS },
      { to: 'reports', label: 'nav.reports', roles: READERS },
      { to: 'market-reports', label: 'nav.marketReports', roles: READERS },
    ],
  },
  {
    label: 'nav.groups.settings',
    items: [
      { to: 'users', label: 'nav.users', roles: ['ADMIN'] },
      { to: 'tenants', label: 'nav.tenants', roles: ['SUPERADMIN'] },
      { to: 'countries', label: 'nav.countries', roles: ['SUPERADMIN'] },
      { to: 'profile', label: 'nav.profile', roles: ['SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR'] },
    ],
  },
];

/** The groups and entries `role` sees, in order; empty groups left out. */
export function navFor(role: Role): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    label: group.label,
    items: group.items.filter((item) => item.roles.includes(role)),
  })).filter((group) => group.items.length > 0);
}
