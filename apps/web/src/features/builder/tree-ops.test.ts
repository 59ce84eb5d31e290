import { createDocument, createElement, type LandingDocument, validateDocument } from '@promo/landing';
import { describe, expect, it } from 'vitest';
import {
  duplicateElement,
  indent,
  insertChecked,
  insertionPoint,
  locate,
  moveDown,
  moveElement,
  moveNextTo,
  moveUp,
  outdent,
} from './tree-ops.ts';

function sample(): LandingDocument {
  let doc = createDocument({ title: 'T' });
  const add = (type: Parameters<typeof createElement>[0], id: string, parentId = 'dropZone') => {
    const result = insertChecked(doc, createElement(type, { id }), parentId);
    if (!result.ok) throw new Error(result.code);
    doc = result.document;
  };
  add('h1', 'title');
  add('row', 'row1');
  add('column', 'col1', 'row1');
  add('column', 'col2', 'row1');
  add('form', 'form1', 'col2');
  add('input', 'in1', 'form1');
  add('p', 'para');
  add('div', 'box');
  return doc;
}

const ids = (doc: LandingDocument, parent = 'dropZone') => {
  if (parent === 'dropZone') return doc.elements.map((e) => e.attributes.id);
  const where = locate(doc, parent);
  return where?.siblings[where.index]?.childrens.map((e) => e.attributes.id);
};

describe('tree moves', () => {
  it('moves up and down among siblings', () => {
    const up = moveUp(sample(), 'para');
    expect(up.ok && ids(up.document)).toEqual(['title', 'para', 'row1', 'box']);
    const down = moveDown(sample(), 'title');
    expect(down.ok && ids(down.document)).toEqual(['row1', 'title', 'para', 'box']);
    const last = moveDown(sample(), 'box');
    expect(last.ok && ids(last.document)).toEqual(['title', 'row1', 'para', 'box']);
  });

  it('indents into the previous container and outdents after the parent', () => {
    const moved = indent(sample(), 'box');
    expect(moved.ok).toBe(false); // previous sibling is a paragraph (leaf)
    const inBox = moveNextTo(sample(), 'box', 'para', 'before');
    expect(inBox.ok).toBe(true);
    if (!inBox.ok) return;
    const nested = indent(inBox.document, 'para');
    expect(nested.ok && ids(nested.document, 'box')).toEqual(['para']);
    if (!nested.ok) return;
    expect(validateDocument(nested.document)).toEqual([]);
    const back = outdent(nested.document, 'para');
    expect(back.ok && ids(back.document)).toEqual(['title', 'row1', 'box', 'para']);
  });

  it('refuses moves that break the placement rules with the catalogue code', () => {
    expect(moveElement(sample(), 'in1', 'dropZone')).toEqual({ ok: false, code: 'ELEMENT_ONLY_IN_FORM' });
    expect(moveElement(sample(), 'para', 'row1')).toEqual({ ok: false, code: 'ELEMENT_NOT_ALLOWED_IN_ROW' });
    expect(moveElement(sample(), 'col1', 'dropZone')).toEqual({ ok: false, code: 'COLUMNS_ONLY_IN_ROWS' });
    expect(moveElement(sample(), 'row1', 'form1').ok).toBe(false); // into its own subtree
    // a wrapper holding a field is refused outside a form, as a whole
    const wrapper = createElement('div', { id: 'wrap' });
    wrapper.childrens = [createElement('input', { id: 'in9', parentId: 'wrap' })];
    expect(insertChecked(sample(), wrapper, 'dropZone')).toEqual({ ok: false, code: 'ELEMENT_ONLY_IN_FORM' });
    expect(insertChecked(sample(), wrapper, 'form1').ok).toBe(true);
    expect(moveElement(sample(), 'col2', 'row1', 0).ok).toBe(true);
  });

  it('keeps parentIds right after moving a subtree', () => {
    const moved = moveElement(sample(), 'form1', 'col1');
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(ids(moved.document, 'col1')).toEqual(['form1']);
    expect(validateDocument(moved.document)).toEqual([]);
  });

  it('refuses a second map and a second reward code', () => {
    const first = insertChecked(sample(), createElement('map'), 'dropZone');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(insertChecked(first.document, createElement('map'), 'dropZone')).toEqual({
      ok: false,
      code: 'MAP_ALREADY_INSERTED',
    });
    const mapId = first.document.elements.at(-1)?.attributes.id ?? '';
    expect(duplicateElement(first.document, mapId)).toEqual({ ok: false, code: 'MAP_ALREADY_INSERTED' });
  });

  it('duplicates a subtree with fresh ids right after it', () => {
    const copy = duplicateElement(sample(), 'row1');
    expect(copy.ok).toBe(true);
    if (!copy.ok) return;
    expect(copy.document.elements).toHaveLength(5);
    expect(copy.document.elements[2]?.type).toBe('row');
    expect(copy.document.elements[2]?.attributes.id).not.toBe('row1');
    expect(validateDocument(copy.document)).toEqual([]);
  });

  it('adds inside a selected container, after a selected leaf, else at the end', () => {
    const doc = sample();
    expect(insertionPoint(doc, 'form1')).toEqual({ parentId: 'form1' });
    expect(insertionPoint(doc, 'title')).toEqual({ parentId: 'dropZone', index: 1 });
    expect(insertionPoint(doc, null)).toEqual({ parentId: 'dropZone' });
    expect(insertionPoint(doc, 'box')).toEqual({ parentId: 'box' }); // empty block
    expect(insertionPoint(doc, 'col2')).toEqual({ parentId: 'col2' });
  });
});
