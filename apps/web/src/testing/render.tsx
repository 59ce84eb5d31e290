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

/** The autosize textareas listen for web fonts, which happy-dom does not offer. */
export function stubDocumentFonts(): void {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
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

/** `renderWithProviders` inside the back office: an admin of the demo tenant in Costa Rica, unless `as` says otherwise. */
export function renderInBackOffice(ui: ReactNode, as: Partial<BackOffice> = {}) {
  const backOffice: BackOffice = {
    userId: 'u1',
    role: 'ADMIN',
    tenantSlug: 'demo',
    tenant: null,
    timeZone: 'America/Costa_Rica',
    locale: 'es',
    ...as,
  };
  return renderWithProviders(
    <BackOfficeContext.Provider value={backOffice}>{ui}</BackOfficeContext.Provider>,
  );
}
