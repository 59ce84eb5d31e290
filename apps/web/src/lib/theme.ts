import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import type { ThemeColorKey, ThemePreset } from '@promo/contract';
import { AA_TEXT, mix, readableShade } from '@promo/contract/contrast';
import { useSyncExternalStore } from 'react';

/**
 * The colours in force. No colours means the platform default, which is Mantine's own light theme
 * (the contract's 'light' preset uses the same values), so the entry chunk needs no preset table.
 */
export type ThemeState = { preset: ThemePreset; colors: Partial<Record<ThemeColorKey, string>> };

const DEFAULT_THEME: ThemeState = { preset: 'light', colors: {} };

let state: ThemeState = DEFAULT_THEME;
const listeners = new Set<() => void>();

function publish(next: ThemeState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Dresses the app in a tenant's colours (resolved: its preset with the overrides applied). */
export function applyTheme(preset: ThemePreset, colors: Partial<Record<ThemeColorKey, string>>): void {
  publish({ preset, colors });
}

/** Back to the platform's default light theme (logout). */
export function resetTheme(): void {
  publish(DEFAULT_THEME);
}

export function useThemeState(): ThemeState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Ten shades around one colour (index 6 is the colour itself), as Mantine palettes need. */
export function shadesOf(hex: string): MantineColorsTuple {
  return [
    mix(hex, 255, 0.9),
    mix(hex, 255, 0.78),
    mix(hex, 255, 0.64),
    mix(hex, 255, 0.5),
    mix(hex, 255, 0.34),
    mix(hex, 255, 0.18),
    mix(hex, 255, 0),
    mix(hex, 0, 0.15),
    mix(hex, 0, 0.3),
    mix(hex, 0, 0.45),
  ];
}

/**
 * The theme; `labels` name the buttons Mantine draws without text (password eye, dialogs' close,
 * the colour input's eye dropper, the pagination's arrows) and the loaders. Mantine draws a loader as a bare `span`, where a
 * name is not allowed: each one is a `status`, named "Cargando" unless it says what it waits for.
 */
export function buildMantineTheme(
  theme: ThemeState,
  labels: {
    togglePassword: string;
    close: string;
    eyeDropper: string;
    loading: string;
    /** The pagination's arrows, by what they open. */
    pages: Record<'first' | 'previous' | 'next' | 'last', string>;
  },
) {
  const { primary, accent } = theme.colors;
  return createTheme({
    primaryColor: primary ? 'brand' : 'blue',
    primaryShade: primary ? 6 : 7,
    colors: {
      ...(primary ? { brand: shadesOf(primary) } : {}),
      ...(accent ? { accent: shadesOf(accent) } : {}),
    },
    defaultRadius: 'sm',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    components: {
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } },
      },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      CloseButton: { defaultProps: { 'aria-label': labels.close } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': labels.eyeDropper } } },
      Loader: { defaultProps: { role: 'status', 'aria-label': labels.loading } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: keyof typeof labels.pages) => ({ 'aria-label': labels.pages[control] }),
        },
      },
    },
  });
}

/**
 * The tenant's colours as CSS variables, and every colour Mantine writes text in made readable
 * (WCAG AA) where it is shown: the muted text on the page and on cards, each palette's filled
 * colour under white text, its light and subtle variants' text on their tint, its outline and its
 * text colour on the page (`readable`: the same hue, darker). Links take the primary's text colour.
 */
export function buildCssVariablesResolver(theme: ThemeState): CSSVariablesResolver {
  const { colors } = theme;
  const entries: [string, string | undefined][] = [
    ['--mantine-color-body', colors.background],
    ['--mantine-color-text', colors.text],
    ['--promo-color-surface', colors.surface ?? 'var(--mantine-color-body)'],
    ['--promo-color-primary-contrast', colors.primaryContrast],
  ];
  const shared: Record<string, string> = {};
  for (const [name, value] of entries) if (value) shared[name] = value;
  return (mantine) => {
    const page = [colors.background ?? '#ffffff', colors.surface ?? '#ffffff'];
    const onLightPage = page.every(
      (background) => readableShade('#000000', [background], AA_TEXT) === '#000000',
    );
    const shade =
      typeof mantine.primaryShade === 'object' ? mantine.primaryShade.light : mantine.primaryShade;
    const readableColors: Record<string, string> = {
      '--mantine-color-dimmed': readableShade(colors.muted ?? mantine.colors.gray[6], page, AA_TEXT),
    };
    for (const [name, shades] of Object.entries(mantine.colors)) {
      const filled = readableShade(shades[shade], ['#ffffff'], AA_TEXT);
      readableColors[`--mantine-color-${name}-filled`] = filled;
      readableColors[`--mantine-color-${name}-filled-hover`] = mix(filled, 0, 0.12);
      // a dark page's tints are not Mantine's light ones: those variables are left as they are
      if (!onLightPage) continue;
      readableColors[`--mantine-color-${name}-light-color`] = readableShade(
        shades[9],
        [shades[1], shades[2], ...page],
        AA_TEXT,
      );
      readableColors[`--mantine-color-${name}-outline`] = readableShade(shades[shade], page, AA_TEXT);
      readableColors[`--mantine-color-${name}-text`] = readableShade(shades[shade], page, AA_TEXT);
    }
    readableColors['--mantine-color-anchor'] = `var(--mantine-color-${mantine.primaryColor}-text)`;
    const light = { ...readableColors, ...shared };
    return { variables: {}, light, dark: light };
  };
}
