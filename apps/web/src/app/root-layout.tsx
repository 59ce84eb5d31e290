import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { forceLogout, readSession } from '../features/auth/index.ts';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { buildCssVariablesResolver, buildMantineTheme, useThemeState } from '../lib/theme.ts';
import { useIsToastHostWanted } from '../lib/toasts.ts';

const ToastHost = lazy(() => import('../components/toast-host.tsx'));

setUnauthorizedHandler(() => {
  forceLogout();
});

/** Logs out when the stored token's `exp` passes while the person stays on one screen. */
function useExpiryTimer() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-arm on every navigation
  useEffect(() => {
    const session = readSession();
    if (session.status !== 'active') return;
    const delay = session.payload.exp * 1000 - Date.now();
    if (delay > 2_147_000_000) return;
    const timer = setTimeout(() => forceLogout(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [location.key]);
}

export function RootLayout() {
  const themeState = useThemeState();
  const { t, i18n } = useTranslation();
  const togglePassword = t('login.togglePassword');
  const close = t('modal.close');
  const eyeDropper = t('colorInput.eyeDropper');
  const loading = t('table.loading');
  const [first, previous, next, last] = [
    t('table.first'),
    t('table.previous'),
    t('table.next'),
    t('table.last'),
  ];
  const theme = useMemo(
    () =>
      buildMantineTheme(themeState, {
        togglePassword,
        close,
        eyeDropper,
        loading,
        pages: { first, previous, next, last },
      }),
    [themeState, togglePassword, close, eyeDropper, loading, first, previous, next, last],
  );
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(themeState), [themeState]);
  const isToastHostWanted = useIsToastHostWanted();
  useExpiryTimer();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={themeState.preset === 'dark-purple' ? 'dark' : 'light'}
      >
        {isToastHostWanted && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
        <Outlet />
      </MantineProvider>
    </QueryClientProvider>
  );
}
