import { describe, expect, it } from 'vitest';
import { findInputProblems, INPUT_LIMITS } from './input-guard.ts';

describe('input guard', () => {
  it('refuses NUL, lone surrogates and C0 controls; keeps tab, line breaks, accents and emoji', () => {
    expect(findInputProblems({ a: 'Línea 1\r\n\tLínea 2 ñ 💥 中文' })).toEqual([]);
    for (const bad of ['a\u0000', '\u0001', 'x\u001b[31m', '\ud800', 'a\udc00b', '💥'.slice(0, 1)]) {
      expect(findInputProblems({ a: [{ b: bad }] }), JSON.stringify(bad)).toEqual([
        { path: 'a.0.b', code: 'FIELD_CHARACTERS_INVALID' },
      ]);
    }
  });

  it('checks keys too, and reports them without their bad characters', () => {
    expect(findInputProblems({ 'k\u0000': 1 }, 'querystring')).toEqual([
      { path: 'querystring.k\uFFFD', code: 'FIELD_CHARACTERS_INVALID' },
    ]);
  });

  it('bounds text no schema bounds, nesting and the number of values', () => {
    expect(findInputProblems({ t: 'x'.repeat(INPUT_LIMITS.maxTextLength) })).toEqual([]);
    expect(findInputProblems({ t: 'x'.repeat(INPUT_LIMITS.maxTextLength + 1) })).toEqual([
      { path: 't', code: 'FIELD_TOO_LONG', params: { max: INPUT_LIMITS.maxTextLength } },
    ]);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const [nesting] = findInputProblems({ d: deep });
    expect(nesting?.code).toBe('FIELD_INVALID');
    expect(nesting?.path.startsWith('d.0.0')).toBe(true);
    expect(findInputProblems({ many: new Array(INPUT_LIMITS.maxValues + 1).fill(0) })).toEqual([
      { path: 'many', code: 'FIELD_INVALID' },
    ]);
  });

  it('reports at most a bounded number of fields', () => {
    const body = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, '\u0000']));
    expect(findInputProblems(body)).toHaveLength(INPUT_LIMITS.maxDetails);
  });
});
