/**
 * Designed starting pages: for each campaign kind a form page and a thank-you page, filled with
 * the campaign's title, description and form fields (each bound to its field, with its label).
 * Colours, font and logo come from the tenant's theme through the design system (public-css.ts),
 * so the templates carry almost no styles of their own and any element can be restyled.
 */
import type { LandingDocument } from './document.ts';
import { createElement, type LandingElement } from './element.ts';
import { TOP_LEVEL_PARENT } from './element-types.ts';

export const TEMPLATE_PAGES = ['form', 'thanks'] as const;
export type TemplatePage = (typeof TEMPLATE_PAGES)[number];

/** What a template needs of a campaign (the contract's form field, loosely). */
export type TemplateCampaign = {
  kind: string;
  title: string;
  description?: string | null;
  fields: { key: string; type: string; label: string; required: boolean; options?: string[] | undefined }[];
  /** The shop (the marketplace's public entry) of a marketplace or points campaign. */
  shopUrl?: string | undefined;
};

type KindTexts = {
  steps: string[];
  button: string;
  thanks: string;
  thanksText: string;
  /** The link to the shop, when the campaign has one (marketplace, points). */
  shop?: string;
};

const KIND_TEXTS: Record<string, KindTexts> = {
  reward_code: {
    steps: ['Complete sus datos.', 'Reciba su código al instante.', 'Canjéelo en un centro de canje.'],
    button: 'Obtener mi código',
    thanks: '¡Gracias por participar!',
    thanksText: 'Muestre su código en un centro de canje antes de la fecha indicada.',
  },
  raffle: {
    steps: ['Complete sus datos.', 'Quedará inscrito en el sorteo.', 'Le avisaremos si gana.'],
    button: 'Participar en el sorteo',
    thanks: '¡Ya está participando!',
    thanksText: 'Mucha suerte. Anunciaremos a los ganadores al cerrar la promoción.',
  },
  instant_award: {
    steps: ['Complete sus datos.', 'Descubra al instante si ganó.', 'Reclame su premio.'],
    button: 'Descubrir mi premio',
    thanks: 'Su resultado',
    thanksText: 'Si ganó, preséntese con su documento de identidad para reclamar el premio.',
  },
  points: {
    steps: ['Registre su compra.', 'Sume puntos en cada compra.', 'Cámbielos por productos.'],
    button: 'Sumar mis puntos',
    thanks: '¡Puntos sumados!',
    thanksText: 'Siga registrando sus compras para sumar más. Su saldo aparece aquí.',
    shop: 'Cambiar mis puntos en la tienda',
  },
  marketplace: {
    steps: ['Ingrese con su número de identificación.', 'Elija sus productos.', 'Retírelos en la tienda.'],
    button: 'Registrarme',
    thanks: '¡Gracias por registrarse!',
    thanksText: 'Ya puede entrar a la tienda y elegir sus productos.',
    shop: 'Entrar a la tienda',
  },
};

const SEXES: [string, string][] = [
  ['female', 'Femenino'],
  ['male', 'Masculino'],
  ['other', 'Otro'],
];

function child(element: LandingElement, parent: string): LandingElement {
  return { ...element, parentId: parent };
}

function withChildren(element: LandingElement, children: LandingElement[]): LandingElement {
  return { ...element, childrens: children.map((c) => child(c, element.attributes.id)) };
}

function select(id: string, key: string, required: boolean, options: [string, string][], title?: string) {
  return withChildren(
    createElement('select', {
      id,
      attributes: { fieldKey: key, required, ...(title ? { title } : {}) },
    }),
    [['', title ?? 'Seleccione'] as [string, string], ...options].map(([value, text], index) =>
      createElement('option', { id: `${id}-o${index}`, text, attributes: { value } }),
    ),
  );
}

/** The label and control(s) of one campaign field. */
function fieldElements(field: TemplateCampaign['fields'][number]): LandingElement[] {
  const id = `f-${field.key}`;
  const label = createElement('label', {
    id: `l-${field.key}`,
    text: field.label,
    attributes: { htmlFor: id },
  });
  const required = field.required;
  switch (field.type) {
    case 'date': {
      const parts = withChildren(createElement('div', { id: `${id}-parts` }), [
        select(id, field.key, required, [], 'Día'),
        select(`${id}-m`, field.key, required, [], 'Mes'),
        select(`${id}-y`, field.key, required, [], 'Año'),
      ]);
      parts.childrens = parts.childrens.map((part, i) => ({
        ...part,
        attributes: { ...part.attributes, datePart: (['day', 'month', 'year'] as const)[i] },
      }));
      return [label, parts];
    }
    case 'department':
      return [label, select(id, field.key, required, [])];
    case 'sex':
      return [label, select(id, field.key, required, SEXES)];
    case 'choice':
    case 'multichoice':
      return [
        label,
        select(
          id,
          field.key,
          required,
          (field.options ?? []).map((o) => [o, o]),
        ),
      ];
    case 'checkbox':
      return [
        label,
        createElement('input', { id, attributes: { fieldKey: field.key, inputType: 'checkbox' } }),
      ];
    default: {
      const inputType =
        field.type === 'email'
          ? 'email'
          : field.type === 'phone'
            ? 'tel'
            : field.type === 'number'
              ? 'number'
              : 'text';
      return [
        label,
        createElement('input', { id, attributes: { fieldKey: field.key, inputType, required } }),
      ];
    }
  }
}

function page(title: string, elements: LandingElement[], description?: string): LandingDocument {
  return {
    schemaVersion: 1,
    page: { title, ...(description ? { description } : {}) },
    elements: elements.map((e) => child(e, TOP_LEVEL_PARENT)),
  };
}

/**
 * The link to the shop, shown as a button: the design system styles links whose id starts with
 * `cta` (class `lp-cta...`) as call-to-action buttons.
 */
function shopLink(campaign: TemplateCampaign, texts: KindTexts, id: string): LandingElement[] {
  if (!campaign.shopUrl || !texts.shop) return [];
  return [createElement('a', { id, text: texts.shop, attributes: { href: campaign.shopUrl } })];
}

/** "Compártalo" and the share buttons, at the end of the thank-you page. */
function sharePart(): LandingElement[] {
  return [
    createElement('h2', { id: 'share-title', text: 'Compártalo' }),
    createElement('share-buttons', { id: 'share-buttons' }),
  ];
}

/** The campaign's form page: title, description, three steps beside the form, the outcome below. */
function formPage(campaign: TemplateCampaign, texts: KindTexts): LandingDocument {
  const description = campaign.description?.trim() || undefined;
  const intro = [
    createElement('h1', { id: 'title', text: campaign.title }),
    ...(description ? [createElement('p', { id: 'intro', text: description })] : []),
    ...(campaign.kind === 'marketplace' ? shopLink(campaign, texts, 'cta-shop') : []),
  ];
  const steps = withChildren(
    createElement('ol', { id: 'steps' }),
    texts.steps.map((text, i) => createElement('li', { id: `step-${i + 1}`, text })),
  );
  const form = withChildren(createElement('form', { id: 'form' }), [
    ...campaign.fields.flatMap(fieldElements),
    createElement('label', {
      id: 'l-consent',
      text: 'Acepto los términos y condiciones y el aviso de privacidad',
      attributes: { htmlFor: 'f-consent' },
    }),
    createElement('input', {
      id: 'f-consent',
      attributes: { name: 'consent', inputType: 'checkbox', value: 'si', required: true },
    }),
    { ...createElement('button', { id: 'send', text: texts.button }), styles: {} },
    ...(campaign.kind === 'reward_code' ? [createElement('reward-code', { id: 'code' })] : []),
  ]);
  const row = withChildren(createElement('row', { id: 'main' }), [
    withChildren(createElement('column', { id: 'how' }), [
      createElement('h2', { id: 'how-title', text: '¿Cómo participar?' }),
      steps,
    ]),
    withChildren(createElement('column', { id: 'join' }), [form]),
  ]);
  return page(campaign.title, [...intro, row], description);
}

/** The thank-you page: the outcome (the reward code's panel), and where to redeem. */
function thanksPage(campaign: TemplateCampaign, texts: KindTexts): LandingDocument {
  const redeemable = campaign.kind === 'reward_code' || campaign.kind === 'instant_award';
  return page(`${texts.thanks} · ${campaign.title}`.slice(0, 200), [
    createElement('h1', { id: 'thanks', text: texts.thanks }),
    createElement('p', { id: 'thanks-text', text: texts.thanksText }),
    ...(campaign.kind === 'reward_code' ? [createElement('reward-code', { id: 'code' })] : []),
    ...shopLink(campaign, texts, 'cta-shop'),
    ...(redeemable
      ? [createElement('h2', { id: 'where', text: 'Dónde canjear' }), createElement('map', { id: 'centres' })]
      : []),
    ...sharePart(),
  ]);
}

/** The template page `which` for `campaign`: a document that passes `validateDocument`. */
export function templateDocument(campaign: TemplateCampaign, which: TemplatePage): LandingDocument {
  const texts = KIND_TEXTS[campaign.kind] ?? (KIND_TEXTS.raffle as KindTexts);
  return which === 'form' ? formPage(campaign, texts) : thanksPage(campaign, texts);
}
