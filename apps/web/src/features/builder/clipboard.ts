/**
 * The builder's clipboard: the copied subtree in local storage, so it can be pasted into another
 * landing page (another tab too), sealed like the other back-office values. The key lives under
 * `promo.landing-edit.` (lib/session-storage.ts) so a logout forgets it.
 */
import { type LandingElement, validateDocument } from '@promo/landing';
import { type KeyValueStore, STORAGE_KEYS, sealedLocal } from '../../lib/session-storage.ts';
import { cloneWithNewIds } from './tree-ops.ts';

export const CLIPBOARD_KEY = `${STORAGE_KEYS.landingEditPrefix}clipboard`;

const PLACEMENT_CODES: ReadonlySet<string> = new Set([
  'ELEMENT_ONLY_IN_FORM',
  'COLUMNS_ONLY_IN_ROWS',
  'ELEMENT_NOT_ALLOWED_IN_ROW',
  'FIELD_INVALID',
]);

type Stored = { kind: 'promo-landing-elements'; version: 1; element: LandingElement };

export function copyToClipboard(element: LandingElement, storage: KeyValueStore = sealedLocal): void {
  const stored: Stored = { kind: 'promo-landing-elements', version: 1, element };
  try {
    storage.setItem(CLIPBOARD_KEY, JSON.stringify(stored));
  } catch {
    // storage full or disabled: nothing to paste later
  }
}

/**
 * The copied element with fresh ids (so pasting twice, or into the page it came from, never
 * duplicates an id), or null when the clipboard is empty or holds something that is not a valid
 * element.
 */
export function readClipboard(storage: KeyValueStore = sealedLocal): LandingElement | null {
  let parsed: unknown;
  try {
    const raw = storage.getItem(CLIPBOARD_KEY);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const stored = parsed as Partial<Stored>;
  if (stored.kind !== 'promo-landing-elements' || stored.version !== 1 || !stored.element) return null;
  const element = cloneWithNewIds(stored.element as LandingElement, 'dropZone');
  // Checked as a one-element page for its fields; placement is checked where it is pasted.
  const issues = validateDocument({ schemaVersion: 1, page: { title: '' }, elements: [element] }).filter(
    (issue) => !(/\.\d+$/.test(issue.path) && PLACEMENT_CODES.has(issue.code)),
  );
  return issues.length === 0 ? element : null;
}
