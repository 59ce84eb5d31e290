import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement, type LandingElement } from './element.ts';
import { type ElementType, LANDING_LIMITS } from './element-types.ts';
import sample from './fixtures/sample-page.json' with { type: 'json' };
import {
  canPlace,
  countElements,
  findElement,
  insertElement,
  removeElement,
  validateDocument,
} from './rules.ts';

/** A document built from a nested description: [type, id, children?]. */
type Spec = [ElementType, string, Spec[]?];
function build(specs: Spec[]): LandingDocument {
  const toElement = ([type, id, children = []]: Spec, parentId: string): LandingElement => ({
    ...createElement(type, { id, parentId }),
    childrens: children.map((child) => toElement(child, id)),
  });
  return { ...createDocument({ title: 'Test' }), elements: specs.map((spec) => toElement(spec, 'dropZone')) };
}

const codes = (document: unknown) => validateDocument(document).map((issue) => issue.code);

describe('canPlace', () => {
  const document = build([
    [
      'form',
      'form1',
      [
        ['select', 'sel1'],
        ['div', 'fdiv'],
      ],
    ],
    ['row', 'row1', [['column', 'col1']]],
    ['div', 'div1'],
    ['img', 'img1'],
    ['a', 'link1'],
  ]);

  it.each<[ElementType, string, string | null]>([
    ['div', 'dropZone', null],
    ['input', 'form1', null],
    ['input', 'fdiv', null],
    ['masked-input', 'form1', null],
    ['textarea', 'fdiv', null],
    ['select', 'form1', null],
    ['option', 'sel1', null],
    ['label', 'dropZone', null],
    ['button', 'dropZone', null],
    ['button', 'form1', null],
    ['column', 'row1', null],
    ['img', 'col1', null],
    ['row', 'col1', null],
    ['img', 'link1', null],
    ['map', 'dropZone', null],
    ['reward-code', 'form1', null],
    ['input', 'dropZone', 'ELEMENT_ONLY_IN_FORM'],
    ['textarea', 'div1', 'ELEMENT_ONLY_IN_FORM'],
    ['select', 'col1', 'ELEMENT_ONLY_IN_FORM'],
    ['masked-input', 'dropZone', 'ELEMENT_ONLY_IN_FORM'],
    ['option', 'div1', 'ELEMENT_ONLY_IN_FORM'],
    ['option', 'form1', 'FIELD_INVALID'],
    ['input', 'sel1', 'FIELD_INVALID'],
    ['column', 'dropZone', 'COLUMNS_ONLY_IN_ROWS'],
    ['column', 'div1', 'COLUMNS_ONLY_IN_ROWS'],
    ['column', 'col1', 'COLUMNS_ONLY_IN_ROWS'],
    ['div', 'row1', 'ELEMENT_NOT_ALLOWED_IN_ROW'],
    ['input', 'row1', 'ELEMENT_NOT_ALLOWED_IN_ROW'],
    ['row', 'row1', 'ELEMENT_NOT_ALLOWED_IN_ROW'],
    ['div', 'img1', 'FIELD_INVALID'],
    ['form', 'form1', 'FIELD_INVALID'],
    ['a', 'link1', 'FIELD_INVALID'],
    ['button', 'link1', 'FIELD_INVALID'],
    ['div', 'nope', 'NOT_FOUND'],
  ])('%s under %s -> %s', (type, parentId, code) => {
    expect(canPlace(document, type, parentId)).toEqual(code === null ? { ok: true } : { ok: false, code });
  });

  it('allows one map and one reward code per page', () => {
    const withWidgets = build([
      ['map', 'm1'],
      ['form', 'f1', [['reward-code', 'r1']]],
      ['div', 'd1'],
    ]);
    expect(canPlace(withWidgets, 'map', 'd1')).toEqual({ ok: false, code: 'MAP_ALREADY_INSERTED' });
    expect(canPlace(withWidgets, 'reward-code', 'dropZone')).toEqual({
      ok: false,
      code: 'REWARD_CODE_ALREADY_INSERTED',
    });
    expect(canPlace(withWidgets, 'div', 'd1')).toEqual({ ok: true });
  });

  it('refuses drops beyond the depth limit', () => {
    let specs: Spec[] = [];
    for (let depth = LANDING_LIMITS.maxDepth; depth >= 1; depth -= 1) specs = [['div', `d${depth}`, specs]];
    const deep = build(specs);
    expect(validateDocument(deep)).toEqual([]);
    expect(canPlace(deep, 'div', `d${LANDING_LIMITS.maxDepth - 1}`)).toEqual({ ok: true });
    expect(canPlace(deep, 'div', `d${LANDING_LIMITS.maxDepth}`)).toEqual({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses drops beyond the element limit', () => {
    const full = build(
      Array.from(
        { length: 4 },
        (_, i): Spec => ['div', `g${i}`, Array.from({ length: 500 }, (_, j): Spec => ['p', `p${i}-${j}`])],
      ),
    );
    expect(countElements(full)).toBe(2004);
    expect(canPlace(full, 'p', 'dropZone')).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('tree edits', () => {
  it('inserts at an index and removes a subtree without touching the original', () => {
    const original = build([
      ['div', 'a'],
      ['div', 'b'],
    ]);
    const inserted = insertElement(original, createElement('p', { id: 'p1' }), 'b');
    const first = insertElement(inserted, createElement('h1', { id: 'h' }), 'dropZone', 0);
    expect(first.elements.map((element) => element.attributes.id)).toEqual(['h', 'a', 'b']);
    expect(findElement(first, 'p1')?.parentId).toBe('b');
    expect(findElement(original, 'p1')).toBeUndefined();
    const removed = removeElement(first, 'b');
    expect(findElement(removed, 'p1')).toBeUndefined();
    expect(countElements(removed)).toBe(2);
  });
});

describe('validateDocument', () => {
  it('accepts the sample page', () => {
    expect(validateDocument(sample)).toEqual([]);
  });

  it('reports every builder rule with its catalogue code and path', () => {
    const document = build([
      ['map', 'm1'],
      ['map', 'm2'],
      ['reward-code', 'r1'],
      ['reward-code', 'r2'],
      ['input', 'in1'],
      ['column', 'c1'],
      ['row', 'row1', [['div', 'd1']]],
    ]);
    expect(validateDocument(document)).toEqual([
      { path: 'elements.1', code: 'MAP_ALREADY_INSERTED' },
      { path: 'elements.3', code: 'REWARD_CODE_ALREADY_INSERTED' },
      { path: 'elements.4', code: 'ELEMENT_ONLY_IN_FORM' },
      { path: 'elements.5', code: 'COLUMNS_ONLY_IN_ROWS' },
      { path: 'elements.6.childrens.0', code: 'ELEMENT_NOT_ALLOWED_IN_ROW' },
    ]);
  });

  it('refuses duplicate ids, wrong parentIds, dropZone as an id and children of leaves', () => {
    const document = build([
      ['div', 'a', [['p', 'a']]],
      ['img', 'img1', [['p', 'p1']]],
    ]);
    const first = document.elements[0];
    if (first) first.parentId = 'somewhere';
    expect(validateDocument(document)).toEqual([
      { path: 'elements.0.parentId', code: 'FIELD_INVALID' },
      { path: 'elements.0.childrens.0.attributes.id', code: 'DUPLICATE_VALUE' },
      { path: 'elements.1.childrens.0', code: 'FIELD_INVALID' },
    ]);
    expect(codes(build([['div', 'dropZone']]))).toEqual(['FIELD_INVALID']);
  });

  it('reports colours with COLOR_FORMAT at the property path', () => {
    const document = build([['p', 'p1']]);
    const [p] = document.elements;
    if (p) {
      p.styles = { color: 'fff', backgroundColor: '#12' };
      p.stylesMobile = { borderColor: 'blue' };
    }
    expect(validateDocument(document)).toEqual([
      { path: 'elements.0.styles.backgroundColor', code: 'COLOR_FORMAT' },
      { path: 'elements.0.stylesMobile.borderColor', code: 'COLOR_FORMAT' },
    ]);
  });

  it('maps schema failures to catalogue codes', () => {
    const element = createElement('p', { id: 'p1', text: 'x' });
    const page = (elements: unknown[], extra: object = {}) => ({
      ...createDocument({ title: 'T' }),
      ...extra,
      elements,
    });
    expect(validateDocument(page([{ ...element, attributes: { id: 'p1', onclick: 'x' } }]))).toEqual([
      { path: 'elements.0.attributes.onclick', code: 'UNKNOWN_FIELD' },
    ]);
    expect(validateDocument(page([{ ...element, text: 'x'.repeat(5001) }]))).toEqual([
      { path: 'elements.0.text', code: 'FIELD_TOO_LONG' },
    ]);
    expect(validateDocument(page([{ ...element, type: 'marquee' }]))).toEqual([
      { path: 'elements.0.type', code: 'FIELD_INVALID' },
    ]);
    const { name: _, ...nameless } = element;
    expect(validateDocument(page([nameless]))).toEqual([{ path: 'elements.0.name', code: 'FIELD_REQUIRED' }]);
    expect(validateDocument(page([{ ...element, stylesApplyInMobile: 'yes' }]))).toEqual([
      { path: 'elements.0.stylesApplyInMobile', code: 'FIELD_INVALID' },
    ]);
    expect(validateDocument(page([{ ...element, styles: { float: 'left' } }]))).toEqual([
      { path: 'elements.0.styles.float', code: 'UNKNOWN_FIELD' },
    ]);
    expect(validateDocument(page([], { meta: { migratedFrom: 'legacy-v0' } }))).toEqual([]);
    expect(codes(null)).toEqual(['FIELD_INVALID']);
    expect(codes('{}')).toEqual(['FIELD_INVALID']);
  });

  it('refuses src on elements other than img and iframe, and href off links', () => {
    const document = build([
      ['div', 'd1'],
      ['p', 'p1'],
    ]);
    const [div, p] = document.elements;
    if (div && p) {
      div.attributes.src = '/a.png';
      p.attributes.href = '/terms';
    }
    expect(validateDocument(document)).toEqual([
      { path: 'elements.0.attributes.src', code: 'FIELD_INVALID' },
      { path: 'elements.1.attributes.href', code: 'FIELD_INVALID' },
    ]);
  });

  it('refuses hostile sizes before walking them', () => {
    let nested: unknown[] = [];
    for (let i = 0; i < 100_000; i += 1) nested = [{ type: 'div', childrens: nested }];
    expect(validateDocument({ schemaVersion: 1, page: { title: 'x' }, elements: nested })).toEqual([
      { path: 'elements', code: 'PAYLOAD_TOO_LARGE' },
    ]);
    const wide = Array.from({ length: 2001 }, (_, i) => createElement('p', { id: `p${i}` }));
    expect(codes({ ...createDocument(), elements: wide })).toEqual(['PAYLOAD_TOO_LARGE']);
    const tooManyStyles = build([['div', 'd']]);
    const [div] = tooManyStyles.elements;
    if (div) div.styles = Object.fromEntries(Array.from({ length: 81 }, (_, i) => [`x${i}`, '1']));
    expect(codes(tooManyStyles)).toContain('PAYLOAD_TOO_LARGE');
  });

  it('refuses __proto__ keys, which JSON.parse keeps and the schema would never see', () => {
    const json = JSON.stringify(build([['p', 'p1']])).replace(
      '"styles":{}',
      '"styles":{"__proto__":{"polluted":"1"}}',
    );
    expect(validateDocument(JSON.parse(json))).toEqual([
      { path: 'elements.0.styles.__proto__', code: 'UNKNOWN_FIELD' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports field and tree issues together', () => {
    const document = build([
      ['map', 'm1'],
      ['map', 'm2'],
    ]);
    const [, second] = document.elements;
    if (second) second.styles = { color: 'zz' };
    expect(validateDocument(document)).toEqual([
      { path: 'elements.1.styles.color', code: 'COLOR_FORMAT' },
      { path: 'elements.1', code: 'MAP_ALREADY_INSERTED' },
    ]);
  });

  it('accepts a page at exactly the limits', () => {
    let specs: Spec[] = [];
    for (let depth = LANDING_LIMITS.maxDepth; depth >= 1; depth -= 1) specs = [['div', `d${depth}`, specs]];
    expect(validateDocument(build(specs))).toEqual([]);
    specs = [['div', 'd0', specs]];
    expect(codes(build(specs))).toEqual(['PAYLOAD_TOO_LARGE']);
  });
});
