import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { readSession, setSessionNavigator } from '../features/auth/index.ts';
import { pagesPath } from '../lib/paths.ts';
import {
  requireAdminLoader,
  requireRoleLoader,
  requireSessionLoader,
  sessionCheckLoader,
  unknownPathLoader,
} from './guards.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

const always = () => true;

const login = () => import('./routes/login-route.tsx');
const resetPassword = () => import('./routes/reset-password-route.tsx');
const builder = () => import('./routes/builder-route.tsx');

const READERS = ['ADMIN', 'ANALYST'] as const;

/** Campaigns, groups, blacklist, CRM and statistics: ADMIN writes, ANALYST reads. */
function promotionRoutes(): RouteObject[] {
  const guard = requireRoleLoader(READERS);
  return [
    { path: 'campaigns', loader: guard, lazy: () => import('./routes/campaigns-route.tsx') },
    { path: 'campaigns/:id', loader: guard, lazy: () => import('./routes/campaign-detail-route.tsx') },
    { path: 'campaign-groups', loader: guard, lazy: () => import('./routes/campaign-groups-route.tsx') },
    { path: 'blacklist', loader: guard, lazy: () => import('./routes/blacklist-route.tsx') },
    { path: 'crm', loader: guard, lazy: () => import('./routes/participants-route.tsx') },
    { path: 'statistics', loader: guard, lazy: () => import('./routes/statistics-route.tsx') },
    { path: 'raffles', loader: guard, lazy: () => import('./routes/raffles-route.tsx') },
    {
      path: 'raffles/draws/:drawId',
      loader: guard,
      lazy: () => import('./routes/raffle-certificate-route.tsx'),
    },
    { path: 'instant-awards', loader: guard, lazy: () => import('./routes/instant-awards-route.tsx') },
  ];
}

/** Redemption: the OPERATOR's counter, centres and groups, codes, reconciliation reports. */
function redemptionRoutes(): RouteObject[] {
  return [
    {
      path: 'counter',
      loader: requireRoleLoader(['OPERATOR']),
      lazy: () => import('./routes/counter-route.tsx'),
    },
    {
      path: 'centres',
      loader: requireRoleLoader(['ADMIN', 'ANALYST', 'OPERATOR']),
      lazy: () => import('./routes/centres-route.tsx'),
    },
    {
      path: 'centre-groups',
      loader: requireRoleLoader(['ADMIN', 'ANALYST', 'OPERATOR']),
      lazy: () => import('./routes/centre-groups-route.tsx'),
    },
    { path: 'codes', loader: requireRoleLoader(READERS), lazy: () => import('./routes/codes-route.tsx') },
    {
      path: 'reports',
      loader: requireRoleLoader(['ADMIN', 'ANALYST', 'OPERATOR']),
      lazy: () => import('./routes/reports-route.tsx'),
    },
  ];
}

/** Points, products, lots, marketplaces and their reports (issue #8): ADMIN writes, ANALYST reads. */
function marketRoutes(): RouteObject[] {
  const guard = requireRoleLoader(READERS);
  return [
    { path: 'points', loader: guard, lazy: () => import('./routes/points-route.tsx') },
    { path: 'products', loader: guard, lazy: () => import('./routes/products-route.tsx') },
    { path: 'product-lots', loader: guard, lazy: () => import('./routes/lots-route.tsx') },
    { path: 'marketplaces', loader: guard, lazy: () => import('./routes/marketplaces-route.tsx') },
    { path: 'market-reports', loader: guard, lazy: () => import('./routes/market-reports-route.tsx') },
  ];
}

/** The OPERATOR's home is the counter; everybody else gets the dashboard. */
function homeLoader({ params }: LoaderFunctionArgs) {
  const session = readSession();
  if (session.status === 'active' && session.payload.role === 'OPERATOR')
    throw redirect(pagesPath(params.tenant, 'counter'));
  return null;
}

const pageChildren: RouteObject[] = [
  { index: true, loader: homeLoader, lazy: () => import('./routes/dashboard-route.tsx') },
  {
    path: 'users',
    loader: requireRoleLoader(['ADMIN', 'SUPERADMIN']),
    lazy: () => import('./routes/users-route.tsx'),
  },
  ...promotionRoutes(),
  ...redemptionRoutes(),
  ...marketRoutes(),
  { path: 'profile', lazy: () => import('./routes/profile-route.tsx') },
  {
    path: 'tenants',
    loader: requireRoleLoader(['SUPERADMIN']),
    lazy: () => import('./routes/tenants-route.tsx'),
  },
  {
    path: 'countries',
    loader: requireRoleLoader(['SUPERADMIN']),
    lazy: () => import('./routes/countries-route.tsx'),
  },
  { path: '*', lazy: () => import('./routes/not-found-route.tsx') },
];

const backOffice = (path: string): RouteObject => ({
  path,
  loader: requireSessionLoader,
  shouldRevalidate: always,
  lazy: () => import('./layouts/back-office-layout.tsx'),
  children: pageChildren,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    loader: sessionCheckLoader,
    shouldRevalidate: always,
    HydrateFallback: () => null,
    children: [
      { index: true, loader: () => redirect('/login') },
      { path: 'login', lazy: login },
      { path: ':tenant/login', lazy: login },
      { path: 'reset-password', lazy: resetPassword },
      { path: ':tenant/reset-password', lazy: resetPassword },
      { path: 'builder', loader: requireAdminLoader, shouldRevalidate: always, lazy: builder },
      { path: ':tenant/builder', loader: requireAdminLoader, shouldRevalidate: always, lazy: builder },
      backOffice('pages'),
      backOffice(':tenant/pages'),
      // public: anyone checks a draw with its certificate and entry list
      { path: 'verify-draw', lazy: () => import('./routes/verify-draw-route.tsx') },
      { path: 'not-found', lazy: () => import('./routes/not-found-route.tsx') },
      { path: ':tenant', loader: ({ params }) => redirect(`/${params.tenant ?? ''}/login`) },
      { path: '*', loader: unknownPathLoader },
    ],
  },
];

/** Made once browser storage is open: the first loaders read the stored session at once. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setSessionNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  return router;
}
