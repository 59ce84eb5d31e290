/**
 * The landing document model (versioned JSON of builder elements), its validator and the
 * renderer shared by the builder preview and the server-side public page. It starts with the
 * vocabulary of the specification; the landing builder issue fills in the rest.
 */
export const LANDING_SCHEMA_VERSION = 1;

/** Tag types of the specification's builder element, plus the layout and widget elements. */
export const ELEMENT_TYPES = [
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'form',
  'img',
  'input',
  'textarea',
  'button',
  'label',
  'select',
  'option',
  'iframe',
  'masked-input',
  'row',
  'column',
  'map',
  'reward-code',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** The parentId of a top-level element (the spec's value). */
export const TOP_LEVEL_PARENT = 'dropZone';
