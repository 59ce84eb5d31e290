import { validateDocument } from '@promo/landing';
import { describe, expect, it } from 'vitest';
import { starterPage } from './starter-page.ts';

const fields = [
  { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
  { key: 'name', type: 'text', label: 'Nombre completo', required: true },
  { key: 'department', type: 'department', label: 'Provincia', required: true },
] as const;

describe('the starter page of the guided path', () => {
  it("binds every field of the campaign's form, consent and the reward code, and is a valid document", () => {
    const page = starterPage(
      { title: 'Gane con nosotros', description: 'Registre su compra.', kind: 'reward_code' },
      fields.map((f) => ({ ...f })),
      null,
    );
    expect(validateDocument(page)).toEqual([]);
    const all = JSON.stringify(page);
    for (const key of ['cedula', 'name', 'department']) expect(all).toContain(`"fieldKey":"${key}"`);
    expect(all).toContain('"name":"consent"');
    expect(page.elements.map((e) => e.type)).toEqual(['h1', 'p', 'form']);
    expect(page.elements[2]?.childrens.at(-1)?.type).toBe('reward-code');
    expect(page.page.title).toBe('Gane con nosotros');
  });

  it('has no reward code for a raffle', () => {
    const page = starterPage({ title: 'Rifa', description: null, kind: 'raffle' }, [], null);
    expect(JSON.stringify(page)).not.toContain('reward-code');
  });
});
