import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerPromotionsLocales } from '../lib/locales/promotions.ts';
import { renderWithProviders, stubMatchMedia } from '../testing/render.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

beforeAll(() => {
  registerPromotionsLocales();
  stubMatchMedia();
});
afterEach(cleanup);

describe('the rich-text editor', () => {
  it('shows the stored text sanitised, and plain text as paragraphs', () => {
    renderWithProviders(
      <RichTextEditor
        label="Términos y condiciones"
        value={'<p>Bases <strong>claras</strong></p><img src=x onerror="alert(1)"><script>alert(1)</script>'}
        onChange={() => undefined}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Términos y condiciones' });
    expect(box.innerHTML).toBe('<p>Bases <strong>claras</strong></p>');
    cleanup();
    renderWithProviders(<RichTextEditor label="Aviso" value={'Uno\n\nDos'} onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Aviso' }).innerHTML).toBe('<p>Uno</p><p>Dos</p>');
  });

  it('hands back what is typed or pasted as the allowed markup only', () => {
    const onChange = vi.fn();
    renderWithProviders(<RichTextEditor label="Aviso de privacidad" value="" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Aviso de privacidad' });
    box.innerHTML =
      '<p style="color:red">Datos <span>protegidos</span> <a href="javascript:alert(1)">aquí</a></p><ul><li>Uno</li></ul>';
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('<p>Datos protegidos aquí</p><ul><li>Uno</li></ul>');
    expect(screen.getByRole('toolbar', { name: 'Formato de Aviso de privacidad' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Negrita' })).toBeTruthy();
  });

  it('is read-only without a toolbar for people who may not edit', () => {
    renderWithProviders(
      <RichTextEditor label="Términos" value="<p>x</p>" onChange={() => undefined} readOnly />,
    );
    const box = screen.getByRole('textbox', { name: 'Términos' });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
