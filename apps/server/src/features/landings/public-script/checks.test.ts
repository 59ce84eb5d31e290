import { answerIssue, type FormField } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { applyMask, checkAnswer, fillMessage, normalise } from './checks.ts';

const rules = {
  phoneDigits: 8,
  identity: { label: 'Cédula', pattern: '^[1-9]\\d{8}$' },
  departments: ['San José', 'Alajuela'],
  minAge: 18,
};
const today = '2026-06-01';

const FIELDS: FormField[] = [
  { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
  { key: 'name', type: 'text', label: 'Nombre', required: true },
  { key: 'email', type: 'email', label: 'Correo', required: false },
  { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
  { key: 'birthdate', type: 'date', label: 'Nacimiento', required: true },
  { key: 'other', type: 'date', label: 'Otra fecha', required: true },
  { key: 'sex', type: 'sex', label: 'Sexo', required: false },
  { key: 'department', type: 'department', label: 'Provincia', required: true },
  { key: 'color', type: 'choice', label: 'Color', required: true, options: ['rojo', 'azul'] },
  { key: 'colors', type: 'multichoice', label: 'Colores', required: false, options: ['rojo', 'azul'] },
  { key: 'news', type: 'checkbox', label: 'Noticias', required: false },
  { key: 'qty', type: 'number', label: 'Cantidad', required: false },
];

const VALUES: unknown[] = [
  undefined,
  '',
  '   ',
  '101230456',
  '1-0123-0456',
  '1 0123 0456',
  '012345678',
  'María José Pérez',
  'Robert<script>',
  'x'.repeat(201),
  'maria@example.com',
  'Maria@example.com',
  'maria@example',
  '88887777',
  '8888777',
  '8888-7777',
  '1990-05-01',
  '2010-05-01',
  '2008-06-01',
  '2008-06-02',
  '2030-01-01',
  '1990-02-30',
  'female',
  'alien',
  'San José',
  'Cartago',
  'rojo',
  ['rojo', 'azul'],
  ['verde'],
  [],
  true,
  false,
  3,
  Number.NaN,
  null,
];

describe('public script checks', () => {
  it('agree with the contract’s answerIssue on every field type and value', () => {
    for (const field of FIELDS) {
      for (const value of VALUES) {
        const server = answerIssue(field, value, { ...rules, today });
        const client = checkAnswer(field, value, rules, today);
        const expected = server
          ? { code: server.code, ...(server.params ? { params: server.params } : {}) }
          : null;
        expect(client, `${field.key} = ${JSON.stringify(value)}`).toEqual(expected);
      }
    }
  });

  it('normalise identity numbers and phones as the server stores them', () => {
    expect(normalise('cedula', ' 1-0123-0456 ')).toBe('101230456');
    expect(normalise('phone', '8888-7777')).toBe('88887777');
    expect(normalise('text', '  Ana  ')).toBe('Ana');
  });

  it('read a number pasted as printed: separators out, the country’s calling code out', () => {
    const cr = { phoneDigits: 8, phonePrefix: '+506' };
    expect(normalise('phone', '+506 8888 7777', cr)).toBe('88887777');
    expect(normalise('phone', '(506) 8888-7777', cr)).toBe('88887777');
    // eight digits that start like the code are a national number: nothing is cut
    expect(normalise('phone', '5068 8877', cr)).toBe('50688877');
    expect(normalise('cedula', '1-0234-0567', cr)).toBe('102340567');
    expect(applyMask('9999-9999', normalise('phone', '+506 8888 7777', cr))).toBe('8888-7777');
    expect(applyMask('9-9999-9999', normalise('cedula', '1-0234-0567', cr))).toBe('1-0234-0567');
  });

  it('masks typed values', () => {
    expect(applyMask('9-9999-9999', '101230456')).toBe('1-0123-0456');
    expect(applyMask('9999-9999', '8888 77')).toBe('8888-77');
    expect(applyMask('AA-99', 'ab12')).toBe('ab-12');
    expect(applyMask('99', 'a1')).toBe('');
  });

  it('fill message placeholders', () => {
    expect(fillMessage('El teléfono debe tener {digits} dígitos.', { digits: 8 })).toBe(
      'El teléfono debe tener 8 dígitos.',
    );
  });
});
