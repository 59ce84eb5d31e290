import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { setSessionNavigator } from '../features/auth/session.ts';
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
    { path: 'crm', loader: guard, lazy: () => import('./routes/crm-route.tsx') },
    { path: 'statistics', loader: guard, lazy: () => import('./routes/statistics-route.tsx') },
  ];
}

const pageChildren: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard-route.tsx') },
  {
    path: 'users',
    loader: requireRoleLoader(['ADMIN', 'SUPERADMIN']),
    lazy: () => import('./routes/users-route.tsx'),
  },
  ...promotionRoutes(),
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
      { path: 'not-found', lazy: () => import('./routes/not-found-route.tsx') },
      { path: ':tenant', loader: ({ params }) => redirect(`/${params.tenant ?? ''}/login`) },
      { path: '*', loader: unknownPathLoader },
    ],
  },
];

export const router = createBrowserRouter(routes);

setSessionNavigator((to) => {
  void router.navigate(to, { replace: true });
});
