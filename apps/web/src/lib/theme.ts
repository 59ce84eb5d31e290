import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import type { ThemeColorKey, ThemePreset } from '@promo/contract';
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

function parseHex(hex: string): [number, number, number] {
  let value = hex.replace('#', '');
  if (value.length === 3) value = [...value].map((char) => char + char).join('');
  const number = Number.parseInt(value.slice(0, 6), 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const channels = parseHex(hex).map((channel) => Math.round(channel + (target - channel) * amount));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
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

export function buildMantineTheme(theme: ThemeState, labels: { togglePassword: string }) {
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
    },
  });
}

export function buildCssVariablesResolver(theme: ThemeState): CSSVariablesResolver {
  const { colors } = theme;
  const entries: [string, string | undefined][] = [
    ['--mantine-color-body', colors.background],
    ['--mantine-color-text', colors.text],
    ['--mantine-color-dimmed', colors.muted],
    ['--promo-color-surface', colors.surface ?? 'var(--mantine-color-body)'],
    ['--promo-color-primary-contrast', colors.primaryContrast],
  ];
  const shared: Record<string, string> = {};
  for (const [name, value] of entries) if (value) shared[name] = value;
  return () => ({ variables: {}, light: shared, dark: shared });
}
