import { createElement } from '@promo/landing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  openSealedStorage,
  sealedLocal,
  sealedWritesDone,
} from '../../lib/session-storage.ts';
import { CLIPBOARD_KEY, copyToClipboard, readClipboard } from './clipboard.ts';

beforeEach(async () => {
  localStorage.clear();
  await openSealedStorage('deployment-storage-key-0123456789-abcdef');
});

describe('builder clipboard', () => {
  it('pastes a copied subtree with fresh ids and consistent parentIds, as often as asked', () => {
    const form = createElement('form', { id: 'form1' });
    form.childrens = [
      createElement('label', {
        id: 'lab1',
        parentId: 'form1',
        text: 'Cédula',
        attributes: { htmlFor: 'in1' },
      }),
      createElement('input', { id: 'in1', parentId: 'form1', attributes: { fieldKey: 'cedula' } }),
    ];
    copyToClipboard(form);
    const first = readClipboard();
    const second = readClipboard();
    expect(first?.type).toBe('form');
    expect(first?.attributes.id).not.toBe('form1');
    expect(first?.attributes.id).not.toBe(second?.attributes.id);
    const [label, input] = first?.childrens ?? [];
    expect(input?.parentId).toBe(first?.attributes.id);
    expect(label?.attributes.htmlFor).toBe(input?.attributes.id);
    expect(input?.attributes.fieldKey).toBe('cedula');
  });

  it('is shared through local storage, sealed (another page or tab reads it) and cleared by a logout', async () => {
    copyToClipboard(createElement('h2', { text: 'Hola' }));
    await sealedWritesDone();
    expect(localStorage.getItem(CLIPBOARD_KEY)).not.toContain('Hola');
    await openSealedStorage('deployment-storage-key-0123456789-abcdef');
    expect(readClipboard()?.text).toBe('Hola');
    clearSessionStorage();
    expect(readClipboard()).toBeNull();
  });

  it('ignores foreign or unsafe content', () => {
    sealedLocal.setItem(CLIPBOARD_KEY, 'not json');
    expect(readClipboard()).toBeNull();
    sealedLocal.setItem(CLIPBOARD_KEY, JSON.stringify({ kind: 'other' }));
    expect(readClipboard()).toBeNull();
    const evil = createElement('p', { text: 'x' });
    (evil.attributes as Record<string, unknown>).onclick = 'alert(1)';
    copyToClipboard(evil);
    expect(readClipboard()).toBeNull();
  });
});
