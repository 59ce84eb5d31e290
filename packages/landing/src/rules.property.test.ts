import type { ErrorCode } from '@promo/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement } from './element.ts';
import { ELEMENT_TYPES, type ElementType, TOP_LEVEL_PARENT } from './element-types.ts';
import { canPlace, insertElement, type Placement, validateDocument, walkElements } from './rules.ts';

// A fixed seed: the same runs each time, so what they exercised (counted below) cannot drift.
const RUNS = { numRuns: 300, seed: 20_260_601 };

type Step = { type: ElementType; parentPick: number };
const steps = fc.array(fc.record({ type: fc.constantFrom(...ELEMENT_TYPES), parentPick: fc.nat() }), {
  maxLength: 60,
});

/** The ids an element may be dropped into (every element plus the top level). */
function targets(document: LandingDocument): string[] {
  return [
    TOP_LEVEL_PARENT,
    ...Array.from(walkElements(document.elements), ({ element }) => element.attributes.id),
  ];
}

function pick(document: LandingDocument, step: Step): string {
  const ids = targets(document);
  return ids[step.parentPick % ids.length] ?? TOP_LEVEL_PARENT;
}

/**
 * A document of the steps canPlace approves, in order. `each` sees every step's verdict with the
 * document that step's insertion makes (kept only when approved).
 */
function build(list: Step[], each: (verdict: Placement, inserted: LandingDocument) => void) {
  let document = createDocument({ title: 'Prop' });
  list.forEach((step, index) => {
    const parentId = pick(document, step);
    const verdict = canPlace(document, step.type, parentId);
    const inserted = insertElement(document, createElement(step.type, { id: `e${index}` }), parentId);
    each(verdict, inserted);
    if (verdict.ok) document = inserted;
  });
  return document;
}

/** How many verdicts of each kind (`ok` or the refusal's code) the runs met. */
function tally() {
  const counts = new Map<string, number>();
  const count = (verdict: Placement) => {
    const kind = verdict.ok ? 'ok' : verdict.code;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const refusals = () => [...counts].filter(([kind]) => kind !== 'ok').reduce((sum, [, n]) => sum + n, 0);
  return { counts, count, refusals };
}

// The refusals random steps reach; PAYLOAD_TOO_LARGE (2,000 elements or 30 levels) and NOT_FOUND
// (a parent not in the page) have tests of their own in rules.test.ts.
const REACHED: ErrorCode[] = [
  'FIELD_INVALID',
  'ELEMENT_ONLY_IN_FORM',
  'ELEMENT_NOT_ALLOWED_IN_ROW',
  'COLUMNS_ONLY_IN_ROWS',
  'MAP_ALREADY_INSERTED',
  'REWARD_CODE_ALREADY_INSERTED',
];

describe('placement properties', () => {
  it('any document built only through canPlace-approved insertions validates', () => {
    const seen = tally();
    fc.assert(
      fc.property(steps, (list) => {
        expect(validateDocument(build(list, seen.count))).toEqual([]);
      }),
      RUNS,
    );
    // documents of many approved insertions, among many refused ones, not empty pages
    expect(seen.counts.get('ok')).toBeGreaterThanOrEqual(RUNS.numRuns);
    expect(seen.refusals()).toBeGreaterThanOrEqual(RUNS.numRuns);
  });

  it('an insertion canPlace refuses makes the document fail validation with the same code', () => {
    const seen = tally();
    fc.assert(
      fc.property(steps, (list) => {
        build(list, (verdict, inserted) => {
          seen.count(verdict);
          if (!verdict.ok)
            expect(validateDocument(inserted).map((issue) => issue.code)).toContain(verdict.code);
        });
      }),
      RUNS,
    );
    // refusals of every kind random steps reach were checked, on documents grown by approved steps
    expect(seen.counts.get('ok')).toBeGreaterThanOrEqual(RUNS.numRuns);
    for (const code of REACHED) expect(seen.counts.get(code) ?? 0, code).toBeGreaterThanOrEqual(5);
  });
});
