import {
  AppShell,
  Burger,
  Center,
  Group,
  Loader,
  Menu,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { resolveThemeColors, THEME_PRESET_COLORS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { ModalHost } from '../../components/modal-host.tsx';
import {
  type BackOffice,
  BackOfficeContext,
  meQuery,
  readSession,
  signOut,
} from '../../features/auth/index.ts';
import { countryQuery } from '../../features/countries/index.ts';
import { ChangePasswordForm } from '../../features/profile/index.ts';
import { ownTenantQuery } from '../../features/tenants/index.ts';
import { configurationQuery } from '../../features/users/index.ts';
import { type AppLocale, appLocale, changeLocale } from '../../lib/i18n.ts';
import { registerMarketLocales } from '../../lib/locales/market.ts';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { pagesPath } from '../../lib/paths.ts';
import { STORAGE_KEYS, storeTenantConfig } from '../../lib/session-storage.ts';
import { applyTheme, resetTheme } from '../../lib/theme.ts';
import { BackOfficeNav } from './back-office-nav.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';

// The back-office screens' texts load with this layout, not with the login page.
registerPromotionsLocales();
registerRedemptionLocales();
registerRafflesLocales();
registerMarketLocales();

export function Component() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { tenant: tenantParam } = useParams();
  const [isNavOpen, { toggle, close }] = useDisclosure();
  const session = readSession();
  const payload = session.status === 'active' ? session.payload : null;
  const isTenantUser = Boolean(payload?.tenant);
  const tenant = useQuery({ ...ownTenantQuery(), enabled: isTenantUser });
  const country = useQuery({
    ...countryQuery(tenant.data?.countryCode ?? ''),
    enabled: Boolean(tenant.data),
  });
  const me = useQuery({ ...meQuery(), enabled: Boolean(payload) });
  const configuration = useQuery({ ...configurationQuery(payload?.sub ?? ''), enabled: Boolean(payload) });
  const themePreference = configuration.data?.theme ?? null;
  const localePreference = configuration.data?.locale;

  // The saved language applies unless this browser already has an explicit choice.
  useEffect(() => {
    if (!localePreference || localStorage.getItem(STORAGE_KEYS.locale)) return;
    if (appLocale() !== localePreference) void changeLocale(localePreference);
  }, [localePreference]);

  useEffect(() => {
    // A person's own theme choice (profile) wins over the tenant's colours.
    if (themePreference) applyTheme(themePreference, THEME_PRESET_COLORS[themePreference]);
    if (!tenant.data) {
      if (!isTenantUser && !themePreference) resetTheme();
      return;
    }
    const colors = resolveThemeColors(tenant.data.theme);
    if (!themePreference) applyTheme(tenant.data.theme.preset, colors);
    storeTenantConfig({
      slug: tenant.data.slug,
      name: tenant.data.name,
      preset: tenant.data.theme.preset,
      colors,
      timeZone: country.data?.timeZone,
    });
  }, [tenant.data, country.data, isTenantUser, themePreference]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on navigation
  useEffect(() => close(), [location.pathname]);

  if (!payload) return null;
  const value: BackOffice = {
    userId: payload.sub,
    role: payload.role,
    tenantSlug: payload.tenant,
    tenant: tenant.data ?? null,
    // A tenant's pages show and edit instants in its country's zone, never the browser's: until
    // that zone is known the pages wait (below), or a form would print instants in the browser's
    // zone and save them as the tenant's, moving them on every save.
    timeZone: isTenantUser ? country.data?.timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone,
    locale: i18n.language.startsWith('en') ? 'en' : 'es',
  };

  const base = pagesPath(tenantParam);
  const tenantName = tenant.data?.name ?? (isTenantUser ? (payload.tenant ?? '') : t('layout.platform'));
  const displayName = me.data?.name || me.data?.username || '';

  const handleChangePassword = () => {
    const id = openAppModal({
      title: t('password.title'),
      children: <ChangePasswordForm userId={payload.sub} onDone={() => closeAppModal(id)} />,
    });
  };

  return (
    <BackOfficeContext.Provider value={value}>
      <ModalHost>
        <AppShell
          header={{ height: 56 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
          padding="md"
        >
          <AppShell.Header className="promo-surface">
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group wrap="nowrap">
                <Burger
                  opened={isNavOpen}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t('layout.toggleNav')}
                />
                <Text fw={700} c="brand" data-testid="tenant-name">
                  {tenantName}
                </Text>
              </Group>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton data-testid="user-menu">
                    <Text size="sm" fw={500} component="span">
                      {displayName || t('user.menu')}
                      {displayName ? <VisuallyHidden>{`, ${t('user.menu')}`}</VisuallyHidden> : null}
                      <span aria-hidden="true"> ▾</span>
                    </Text>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={`${base}/profile`}>
                    {t('user.profile')}
                  </Menu.Item>
                  <Menu.Item onClick={handleChangePassword}>{t('user.changePassword')}</Menu.Item>
                  <Menu.Divider />
                  <Menu.Label>{t('user.language')}</Menu.Label>
                  {(['es', 'en'] as const satisfies readonly AppLocale[]).map((locale) => (
                    <Menu.Item
                      key={locale}
                      onClick={() => void changeLocale(locale)}
                      aria-current={appLocale() === locale ? 'true' : undefined}
                    >
                      {locale === 'es' ? 'Español' : 'English'}
                      {appLocale() === locale ? ' ✓' : ''}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => signOut()}>
                    {t('user.signOut')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="xs" aria-label={t('layout.navigation')} component="nav">
            {/* the list scrolls when it is taller than the window (many features, small screens) */}
            <AppShell.Section grow component={ScrollArea} type="auto">
              <BackOfficeNav role={payload.role} tenant={tenantParam} />
            </AppShell.Section>
          </AppShell.Navbar>
          <AppShell.Main>
            {isTenantUser && !value.timeZone && !country.isError && !tenant.isError ? (
              <Center mih={200}>
                <Loader aria-label={t('table.loading')} />
              </Center>
            ) : (
              <Outlet />
            )}
          </AppShell.Main>
        </AppShell>
      </ModalHost>
    </BackOfficeContext.Provider>
  );
}
