import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_DEFAULTS, TOAST_SETTINGS } from '../lib/toasts.ts';
import { renderWithProviders, stubMatchMedia } from '../testing/render.tsx';
import ToastHost from './toast-host.tsx';

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeAll(stubMatchMedia);

beforeEach(() => {
  vi.useFakeTimers();
  renderWithProviders(<ToastHost />);
});

afterEach(() => {
  // every toast of this test is gone before the next one
  act(() => vi.runAllTimers());
  cleanup();
  vi.useRealTimers();
});

describe('toasts (spec §9)', () => {
  it('shows for 4 seconds (the product overrides the default 5) and fades out in 300 ms', () => {
    expect(TOAST_DEFAULTS.displayMs).toBe(5000);
    expect(TOAST_SETTINGS.displayMs).toBe(4000);
    act(() => showToast('success', 'Guardado'));
    wait(3999);
    expect(toastTexts()).toEqual(['Guardado']);
    wait(1);
    expect(screen.getByRole('status').dataset.leaving).toBe('true');
    wait(299);
    expect(toastTexts()).toEqual(['Guardado']);
    wait(1);
    expect(toastTexts()).toEqual([]);
  });

  it('stays while hovered and one second more after the pointer leaves', () => {
    act(() => showToast('info', 'Pase el puntero'));
    wait(3000);
    fireEvent.pointerEnter(screen.getByRole('status'));
    wait(20_000);
    expect(toastTexts()).toEqual(['Pase el puntero']);
    fireEvent.pointerLeave(screen.getByRole('status'));
    wait(999);
    expect(screen.getByRole('status').dataset.leaving).toBeUndefined();
    wait(1 + 300);
    expect(toastTexts()).toEqual([]);
  });

  it('goes away when tapped, and has neither a close button nor a progress bar', () => {
    act(() => showToast('danger', 'Algo salio mal'));
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('status'));
    wait(300);
    expect(toastTexts()).toEqual([]);
  });

  it('keeps any number open at once, the newest on top', () => {
    act(() => {
      for (let index = 1; index <= 7; index += 1) showToast('alert', `Aviso ${index}`);
    });
    expect(toastTexts()).toEqual([
      'Aviso 7',
      'Aviso 6',
      'Aviso 5',
      'Aviso 4',
      'Aviso 3',
      'Aviso 2',
      'Aviso 1',
    ]);
  });

  it('shows HTML in a message as text', () => {
    act(() => showToast('info', '<b>negrita</b><img src=x onerror="alert(1)">'));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toBe('<b>negrita</b><img src=x onerror="alert(1)">');
    expect(toast.querySelector('b, img')).toBeNull();
  });
});
