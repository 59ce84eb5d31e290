import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement } from './element.ts';
import { ELEMENT_TYPES, type ElementType, TOP_LEVEL_PARENT } from './element-types.ts';
import { canPlace, insertElement, validateDocument, walkElements } from './rules.ts';

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

describe('placement properties', () => {
  it('any document built only through canPlace-approved insertions validates', () => {
    fc.assert(
      fc.property(steps, (list) => {
        let document = createDocument({ title: 'Prop' });
        list.forEach((step, index) => {
          const parentId = pick(document, step);
          if (canPlace(document, step.type, parentId).ok) {
            document = insertElement(document, createElement(step.type, { id: `e${index}` }), parentId);
          }
        });
        expect(validateDocument(document)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('an insertion canPlace refuses makes the document fail validation with the same code', () => {
    fc.assert(
      fc.property(
        steps,
        fc.record({ type: fc.constantFrom(...ELEMENT_TYPES), parentPick: fc.nat() }),
        (list, last) => {
          let document = createDocument({ title: 'Prop' });
          list.forEach((step, index) => {
            const parentId = pick(document, step);
            if (canPlace(document, step.type, parentId).ok) {
              document = insertElement(document, createElement(step.type, { id: `e${index}` }), parentId);
            }
          });
          const parentId = pick(document, last);
          const verdict = canPlace(document, last.type, parentId);
          if (verdict.ok) return;
          const refused = insertElement(document, createElement(last.type, { id: 'last' }), parentId);
          expect(validateDocument(refused).map((issue) => issue.code)).toContain(verdict.code);
        },
      ),
      { numRuns: 300 },
    );
  });
});
