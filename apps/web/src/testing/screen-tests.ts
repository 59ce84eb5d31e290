import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { stubDocumentFonts, stubMatchMedia } from './render.tsx';

/**
 * The set-up of a file of screen tests: the texts the screens need (their catalogues' register
 * functions), Mantine's matchMedia and document.fonts before all; after each test, the screen unmounted and any
 * stubbed global (a fake server's fetch) restored.
 */
export function screenTests(...registerLocales: (() => void)[]): void {
  beforeAll(() => {
    for (const register of registerLocales) register();
    stubMatchMedia();
    stubDocumentFonts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
