/**
 * Documents in the design proposal's format (shared/design/landing: camelCase widget types
 * `maskedInput` and `rewardCode`, the form binding in `binding`, `props`, `className`, page fonts
 * and favicon) read into this package's format: kebab-case types, the binding in the attributes
 * (`fieldKey`, `required`, `mask`). What the format has no place for (`props`, `className`,
 * `binding.pattern`/`errorMessage`, `page.fonts`, `page.faviconUrl`, the `password` input type) is
 * left out. A document already in this format comes back unchanged; the result still has to pass
 * `validateDocument`.
 */
import { asRecord, type RawRecord } from './guards.ts';

const TYPE_NAMES: Record<string, string> = {
  maskedInput: 'masked-input',
  rewardCode: 'reward-code',
  shareButtons: 'share-buttons',
};
const DROPPED_PAGE_KEYS = ['fonts', 'faviconUrl'];

function importElement(value: unknown, depth: number): unknown {
  const raw = asRecord(value);
  if (!raw || depth > 40) return value;
  const { binding, props: _props, ...element }: RawRecord = raw;
  const type = typeof raw.type === 'string' ? (TYPE_NAMES[raw.type] ?? raw.type) : raw.type;
  const attributes: RawRecord = { ...asRecord(raw.attributes) };
  delete attributes.className;
  if (attributes.inputType === 'password') delete attributes.inputType;
  const bound = asRecord(binding);
  if (bound) {
    if (typeof bound.campaignField === 'string') attributes.fieldKey = bound.campaignField;
    if (typeof bound.required === 'boolean') attributes.required = bound.required;
    if (typeof bound.mask === 'string') attributes.mask = bound.mask;
  }
  const childrens = Array.isArray(raw.childrens)
    ? raw.childrens.map((child) => importElement(child, depth + 1))
    : raw.childrens;
  return { ...element, type, attributes, childrens };
}

/** The document in this package's format (see the module comment). */
export function importDocument(value: unknown): unknown {
  const raw = asRecord(value);
  if (!raw) return value;
  const page = asRecord(raw.page);
  const imported: RawRecord = { ...raw };
  if (page) {
    const kept: RawRecord = { ...page };
    for (const key of DROPPED_PAGE_KEYS) delete kept[key];
    imported.page = kept;
  }
  if (Array.isArray(raw.elements)) imported.elements = raw.elements.map((e) => importElement(e, 1));
  return imported;
}
