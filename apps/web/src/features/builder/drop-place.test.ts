import { createDocument, createElement, type LandingDocument } from '@promo/landing';
import { describe, expect, it } from 'vitest';
import { dropPlaceAt, type Rect } from './drop-place.ts';
import { insertChecked } from './tree-ops.ts';

/** A heading, a form with one input, a row of two columns; laid out as the rectangles below. */
function sample(): LandingDocument {
  let doc = createDocument({ title: 'T' });
  const add = (type: Parameters<typeof createElement>[0], id: string, parentId = 'dropZone') => {
    const result = insertChecked(doc, createElement(type, { id }), parentId);
    if (!result.ok) throw new Error(result.code);
    doc = result.document;
  };
  add('h1', 'title');
  add('form', 'form1');
  add('select', 'list', 'form1');
  add('row', 'row1');
  add('column', 'col1', 'row1');
  add('column', 'col2', 'row1');
  return doc;
}

const RECTS: Record<string, Rect> = {
  title: { top: 0, bottom: 40, left: 0, right: 1200 },
  form1: { top: 50, bottom: 150, left: 0, right: 1200 },
  list: { top: 60, bottom: 95, left: 0, right: 300 },
  row1: { top: 160, bottom: 260, left: 0, right: 1200 },
  col1: { top: 160, bottom: 260, left: 0, right: 600 },
  col2: { top: 160, bottom: 260, left: 600, right: 1200 },
};
const rectOf = (id: string) => RECTS[id] ?? null;

describe('where a drop on the canvas lands', () => {
  const doc = sample();

  it('before an element over its upper half, after it over its lower half', () => {
    expect(dropPlaceAt(doc, 'title', { x: 10, y: 5 }, rectOf)).toEqual({ parentId: 'dropZone', index: 0 });
    expect(dropPlaceAt(doc, 'title', { x: 10, y: 35 }, rectOf)).toEqual({ parentId: 'dropZone', index: 1 });
  });

  it('into a form over its inside, between its children by the pointer; next to it on its edge', () => {
    expect(dropPlaceAt(doc, 'form1', { x: 500, y: 120 }, rectOf)).toEqual({ parentId: 'form1', index: 1 });
    expect(dropPlaceAt(doc, 'form1', { x: 500, y: 64 }, rectOf)).toEqual({ parentId: 'form1', index: 0 });
    expect(dropPlaceAt(doc, 'form1', { x: 500, y: 52 }, rectOf)).toEqual({ parentId: 'dropZone', index: 1 });
    expect(dropPlaceAt(doc, 'form1', { x: 500, y: 148 }, rectOf)).toEqual({ parentId: 'dropZone', index: 2 });
  });

  it('a list takes options only: anything else goes next to it, inside the form', () => {
    expect(dropPlaceAt(doc, 'list', { x: 10, y: 80 }, rectOf, 'input')).toEqual({
      parentId: 'form1',
      index: 1,
    });
    expect(dropPlaceAt(doc, 'list', { x: 10, y: 80 }, rectOf, 'option')).toEqual({
      parentId: 'list',
      index: 0,
    });
  });

  it('a column takes every drop over it; columns are ordered left to right', () => {
    expect(dropPlaceAt(doc, 'col2', { x: 900, y: 161 }, rectOf)).toEqual({ parentId: 'col2', index: 0 });
    expect(dropPlaceAt(doc, 'row1', { x: 700, y: 200 }, rectOf)).toEqual({ parentId: 'row1', index: 1 });
  });

  it('over empty page space: between the top-level elements nearest the pointer', () => {
    expect(dropPlaceAt(doc, null, { x: 10, y: 45 }, rectOf)).toEqual({ parentId: 'dropZone', index: 1 });
    expect(dropPlaceAt(doc, null, { x: 10, y: 900 }, rectOf)).toEqual({ parentId: 'dropZone', index: 3 });
  });
});
