import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type BackOffice, BackOfficeContext } from '../features/auth/back-office-context.ts';

/** Mantine reads the colour scheme through matchMedia, which happy-dom answers only in part. */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Mantine's autosizing Textarea listens to `document.fonts`, which happy-dom lacks. */
export function stubDocumentFonts(): void {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

/** Renders a component as the app does: Mantine and a query client that never retries. */
export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** The back office of tenant "demo" as a staff user sees it: Spanish, Costa Rica's time zone. */
const STAFF: BackOffice = {
  userId: 'u1',
  role: 'ADMIN',
  tenantSlug: 'demo',
  tenant: null,
  timeZone: 'America/Costa_Rica',
  locale: 'es',
};

/** Renders a back-office screen inside its layout's context (`as` changes the role, time zone, …). */
export function renderInBackOffice(ui: ReactNode, as: Partial<BackOffice> = {}) {
  return renderWithProviders(
    <BackOfficeContext.Provider value={{ ...STAFF, ...as }}>{ui}</BackOfficeContext.Provider>,
  );
}
