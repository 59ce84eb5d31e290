/**
 * Placement rules of the builder (spec, builder limits), shared by `canPlace()` (before a drop)
 * and the document check (on save), so the editor and the server refuse the same things.
 */
import type { ErrorCode } from '@promo/contract';
import type { LandingElement } from './element.ts';
import {
  CONTAINER_TYPES,
  type ElementType,
  FORM_FIELD_TYPES,
  LANDING_LIMITS,
  SINGLETON_TYPES,
  TOP_LEVEL_PARENT,
} from './element-types.ts';
import { isAllowedIframeSrc, isSafeImageUrl } from './sanitize.ts';

/** Elements that must not sit inside a link (interactive content inside `<a>` is invalid HTML). */
const NOT_IN_LINK: ReadonlySet<ElementType> = new Set([
  'a',
  'button',
  'input',
  'textarea',
  'select',
  'masked-input',
  'iframe',
  'form',
  'share-buttons',
]);

/**
 * Why `type` may not go under a parent whose chain of types is `ancestors` (nearest first, empty
 * at the top level), or null when it may.
 */
export function placementCode(type: ElementType, ancestors: readonly ElementType[]): ErrorCode | null {
  const parent = ancestors[0];
  if (parent !== undefined && !CONTAINER_TYPES.has(parent)) return 'FIELD_INVALID';
  if (parent === 'row' && type !== 'column') return 'ELEMENT_NOT_ALLOWED_IN_ROW';
  if (type === 'column' && parent !== 'row') return 'COLUMNS_ONLY_IN_ROWS';
  if (FORM_FIELD_TYPES.has(type) && !ancestors.includes('form')) return 'ELEMENT_ONLY_IN_FORM';
  if ((type === 'option') !== (parent === 'select')) return 'FIELD_INVALID';
  if (type === 'form' && ancestors.includes('form')) return 'FIELD_INVALID';
  if (NOT_IN_LINK.has(type) && ancestors.includes('a')) return 'FIELD_INVALID';
  if (ancestors.length + 1 > LANDING_LIMITS.maxDepth) return 'PAYLOAD_TOO_LARGE';
  return null;
}

export type TreeIssue = { path: (string | number)[]; code: ErrorCode };

/** The singleton code of `type` (map, reward code) when a page already holds one. */
export function singletonCode(type: ElementType): ErrorCode | null {
  if (type === 'map') return 'MAP_ALREADY_INSERTED';
  if (type === 'reward-code') return 'REWARD_CODE_ALREADY_INSERTED';
  return null;
}

/** Tree rules of a document whose fields are already valid: placement, ids, parentIds, src per type. */
export function checkTree(document: { elements: readonly LandingElement[] }): TreeIssue[] {
  const issues: TreeIssue[] = [];
  const ids = new Set<string>();
  const seenSingletons = new Set<ElementType>();
  let count = 0;

  const visit = (
    element: LandingElement,
    path: (string | number)[],
    ancestors: ElementType[],
    parentId: string,
  ): void => {
    count += 1;
    const { type, attributes } = element;
    const placement = placementCode(type, ancestors);
    if (placement) issues.push({ path, code: placement });
    if (SINGLETON_TYPES.has(type)) {
      const code = singletonCode(type);
      if (seenSingletons.has(type) && code) issues.push({ path, code });
      seenSingletons.add(type);
    }
    if (ids.has(attributes.id)) issues.push({ path: [...path, 'attributes', 'id'], code: 'DUPLICATE_VALUE' });
    ids.add(attributes.id);
    if (element.parentId !== parentId) issues.push({ path: [...path, 'parentId'], code: 'FIELD_INVALID' });
    if (attributes.src !== undefined && !isSrcAllowed(type, attributes.src)) {
      issues.push({ path: [...path, 'attributes', 'src'], code: 'FIELD_INVALID' });
    }
    if (attributes.href !== undefined && type !== 'a') {
      issues.push({ path: [...path, 'attributes', 'href'], code: 'FIELD_INVALID' });
    }
    if (ancestors.length + 1 > LANDING_LIMITS.maxDepth) return;
    const chain = [type, ...ancestors];
    element.childrens.forEach((child, index) => {
      visit(child, [...path, 'childrens', index], chain, attributes.id);
    });
  };

  document.elements.forEach((element, index) => {
    visit(element, ['elements', index], [], TOP_LEVEL_PARENT);
  });
  if (count > LANDING_LIMITS.maxElements) issues.push({ path: ['elements'], code: 'PAYLOAD_TOO_LARGE' });
  if (ids.has(TOP_LEVEL_PARENT)) issues.push({ path: ['elements'], code: 'FIELD_INVALID' });
  return issues;
}

/** `src` is only meaningful on images (https, http, relative) and iframes (the allow-list). */
export function isSrcAllowed(type: ElementType, src: string): boolean {
  if (type === 'img') return isSafeImageUrl(src);
  if (type === 'iframe') return src === '' || isAllowedIframeSrc(src);
  return false;
}
