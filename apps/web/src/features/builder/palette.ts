/**
 * What the left palette offers: every element type (row with two columns, column, map, reward
 * code, form and its controls...) and the campaign's form fields as ready-made field blocks
 * (a wrapper with a label and a control bound by `fieldKey`), plus the consent checkbox.
 */
import type { Country, FormField } from '@promo/contract';
import {
  createElement,
  DATE_PARTS,
  type DatePart,
  type ElementType,
  type LandingElement,
} from '@promo/landing';

export type PaletteGroup = 'layout' | 'text' | 'media' | 'widgets' | 'form' | 'fields';

export type PaletteItem = {
  key: string;
  group: PaletteGroup;
  /** i18n key, or a literal label (campaign fields). */
  label: string;
  isLiteral?: boolean;
  /** The element type that must be allowed where it is dropped (for the select flags). */
  needs?: 'form' | 'select';
  make: () => LandingElement;
};

export type FieldContext = { fields: readonly FormField[]; country: Country | null };

function child(parent: LandingElement, element: LandingElement): LandingElement {
  return { ...element, parentId: parent.attributes.id };
}

function withChildren(parent: LandingElement, children: LandingElement[]): LandingElement {
  return { ...parent, childrens: children.map((item) => child(parent, item)) };
}

function simple(type: ElementType, group: PaletteGroup, text?: string): PaletteItem {
  return {
    key: type,
    group,
    label: `builder.types.${type}`,
    needs:
      type === 'option'
        ? 'select'
        : ['input', 'textarea', 'select', 'masked-input'].includes(type)
          ? 'form'
          : undefined,
    make: () => {
      const element = createElement(type, text === undefined ? {} : { text });
      if (type === 'select')
        return withChildren(element, [
          createElement('option', { text: 'Opción', attributes: { value: 'opcion' } }),
        ]);
      if (type === 'ul' || type === 'ol')
        return withChildren(element, [createElement('li', { text: 'Elemento' })]);
      if (type === 'img')
        return { ...element, attributes: { ...element.attributes, alt: '' }, styles: { maxWidth: '100%' } };
      if (type === 'row')
        return {
          ...element,
          styles: { display: 'flex', gap: '16px' },
          stylesMobile: { flexDirection: 'column' },
        };
      if (type === 'column') return { ...element, styles: { flex: '1' } };
      if (type === 'form')
        return { ...element, styles: { display: 'flex', flexDirection: 'column', gap: '8px' } };
      return element;
    },
  };
}

/** The static part of the palette (every type). */
export const BASE_PALETTE: PaletteItem[] = [
  {
    key: 'row-2',
    group: 'layout',
    label: 'builder.types.row2',
    make: () => {
      const row = simple('row', 'layout').make();
      return withChildren(row, [simple('column', 'layout').make(), simple('column', 'layout').make()]);
    },
  },
  simple('row', 'layout'),
  simple('column', 'layout'),
  simple('div', 'layout'),
  simple('h1', 'text', 'Título'),
  simple('h2', 'text', 'Subtítulo'),
  simple('h3', 'text', 'Título 3'),
  simple('h4', 'text', 'Título 4'),
  simple('h5', 'text', 'Título 5'),
  simple('p', 'text', 'Texto'),
  simple('a', 'text', 'Enlace'),
  simple('ul', 'text'),
  simple('ol', 'text'),
  simple('li', 'text', 'Elemento'),
  simple('label', 'text', 'Etiqueta'),
  simple('button', 'text', 'Participar'),
  simple('img', 'media'),
  simple('iframe', 'media'),
  simple('map', 'widgets'),
  simple('reward-code', 'widgets'),
  simple('share-buttons', 'widgets'),
  simple('form', 'form'),
  simple('input', 'form'),
  simple('masked-input', 'form'),
  simple('textarea', 'form', ''),
  simple('select', 'form'),
  simple('option', 'form', 'Opción'),
];

/** '9-9999-9999' from an example such as '1-2345-6789' (digits → 9, letters → A). */
export function maskFromExample(example: string | null | undefined): string | undefined {
  if (!example) return undefined;
  const mask = example.replace(/[0-9]/g, '9').replace(/[A-Za-z]/g, 'A');
  return /^[0-9A-Za-z*()\-. /+]{1,60}$/.test(mask) ? mask : undefined;
}

/** '9999-9999' for 8 digits: groups of four. */
export function phoneMask(digits: number): string {
  const nines = '9'.repeat(Math.max(4, Math.min(15, digits)));
  return nines.match(/.{1,4}/g)?.join('-') ?? nines;
}

function option(text: string, value: string): LandingElement {
  return createElement('option', { text, attributes: { value } });
}

const DATE_PART_CAPTIONS: Record<DatePart, string> = { day: 'Día', month: 'Mes', year: 'Año' };

/**
 * A date as three lists side by side: day (1-31), month and year (100 years back). The public
 * page fills the lists, so the year list always ends at the current year.
 */
function dateLists(bind: { fieldKey: string; required?: boolean }): LandingElement {
  const row = createElement('div', { styles: { display: 'flex', gap: '8px' } });
  return withChildren(
    row,
    DATE_PARTS.map((part) =>
      withChildren(
        createElement('select', {
          attributes: { ...bind, datePart: part, title: DATE_PART_CAPTIONS[part] },
          styles: { height: '35px' },
        }),
        [option(DATE_PART_CAPTIONS[part], '')],
      ),
    ),
  );
}

/** The id of the first form control in an element (the one a label points at). */
function firstControlId(element: LandingElement): string {
  if (element.type !== 'div') return element.attributes.id;
  const first = element.childrens[0];
  return first ? firstControlId(first) : element.attributes.id;
}

/** The control bound to one campaign field. */
export function controlFor(field: FormField, country: Country | null): LandingElement {
  const bind = { fieldKey: field.key, ...(field.required ? { required: true } : {}) };
  switch (field.type) {
    case 'cedula': {
      const mask = maskFromExample(country?.identity.example);
      return createElement('masked-input', {
        attributes: { ...bind, ...(mask ? { mask } : {}), placeholder: country?.identity.example ?? '' },
      });
    }
    case 'phone':
      return createElement('masked-input', {
        attributes: { ...bind, inputType: 'tel', mask: phoneMask(country?.phoneDigits ?? 8) },
      });
    case 'email':
      return createElement('input', { attributes: { ...bind, inputType: 'email' } });
    case 'number':
      return createElement('input', { attributes: { ...bind, inputType: 'number' } });
    case 'date':
      return dateLists(bind);
    case 'checkbox':
      return {
        ...createElement('input', { attributes: { ...bind, inputType: 'checkbox', value: 'si' } }),
        styles: {},
      };
    case 'department': {
      const select = createElement('select', { attributes: bind, styles: { height: '35px' } });
      const names = country?.departments ?? [];
      return withChildren(select, [option('Seleccione', ''), ...names.map((name) => option(name, name))]);
    }
    case 'sex': {
      const select = createElement('select', { attributes: bind, styles: { height: '35px' } });
      return withChildren(select, [
        option('Seleccione', ''),
        option('Femenino', 'female'),
        option('Masculino', 'male'),
        option('Otro', 'other'),
      ]);
    }
    case 'choice': {
      const select = createElement('select', { attributes: bind, styles: { height: '35px' } });
      return withChildren(select, [
        option('Seleccione', ''),
        ...(field.options ?? []).map((name) => option(name, name)),
      ]);
    }
    default:
      return createElement('input', { attributes: { ...bind, inputType: 'text' } });
  }
}

/** A field block: a wrapper with the label (pointing at the control) and the bound control. */
export function fieldBlock(label: string, control: LandingElement, name: string): LandingElement {
  const wrapper = createElement('div', { styles: { display: 'flex', flexDirection: 'column', gap: '4px' } });
  const caption = createElement('label', { text: label, attributes: { htmlFor: firstControlId(control) } });
  return { ...withChildren(wrapper, [caption, control]), name };
}

/** Palette items of the campaign's form fields, plus consent; multichoice becomes one checkbox per option. */
export function fieldPalette({ fields, country }: FieldContext): PaletteItem[] {
  // a block is named in the layers by its field's label, as people read it, not by its key
  const labelOf = (field: FormField) =>
    (field.type === 'department' && country?.departmentLabel
      ? field.label || country.departmentLabel
      : field.label) || field.key;
  const items: PaletteItem[] = fields.map((field) => ({
    key: `field:${field.key}`,
    group: 'fields',
    label: labelOf(field),
    isLiteral: true,
    needs: 'form',
    make: () => {
      if (field.type === 'multichoice') {
        const wrapper = createElement('div');
        const boxes = (field.options ?? []).flatMap((name) => {
          const box = {
            ...createElement('input', {
              attributes: { name: field.key, inputType: 'checkbox', value: name },
            }),
            styles: {},
          };
          return [box, createElement('label', { text: name, attributes: { htmlFor: box.attributes.id } })];
        });
        return {
          ...withChildren(wrapper, [createElement('p', { text: field.label }), ...boxes]),
          name: labelOf(field),
        };
      }
      return fieldBlock(field.label, controlFor(field, country), labelOf(field));
    },
  }));
  items.push({
    key: 'field:consent',
    group: 'fields',
    label: 'builder.palette.consent',
    needs: 'form',
    make: () => {
      const box = {
        ...createElement('input', {
          attributes: { name: 'consent', inputType: 'checkbox', value: 'si', required: true },
        }),
        styles: {},
      };
      const wrapper = createElement('div', { styles: { display: 'flex', gap: '8px', alignItems: 'center' } });
      const caption = createElement('label', {
        text: 'Acepto los términos y condiciones',
        attributes: { htmlFor: box.attributes.id },
      });
      return { ...withChildren(wrapper, [box, caption]), name: 'Consentimiento' };
    },
  });
  return items;
}
