import { CAMPAIGN_KINDS } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './render.ts';
import { validateDocument } from './rules.ts';
import { TEMPLATE_PAGES, type TemplateCampaign, templateDocument } from './templates.ts';

const fields: TemplateCampaign['fields'] = [
  { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
  { key: 'name', type: 'text', label: 'Nombre completo', required: true },
  { key: 'email', type: 'email', label: 'Correo', required: false },
  { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
  { key: 'birthdate', type: 'date', label: 'Fecha de nacimiento', required: true },
  { key: 'sex', type: 'sex', label: 'Sexo', required: false },
  { key: 'department', type: 'department', label: 'Provincia', required: true },
  { key: 'store', type: 'choice', label: 'Tienda', required: true, options: ['Norte', 'Sur'] },
  { key: 'news', type: 'checkbox', label: 'Quiero noticias', required: false },
];

describe('templates', () => {
  for (const kind of CAMPAIGN_KINDS)
    for (const which of TEMPLATE_PAGES)
      it(`${kind} ${which} page is valid and shows the campaign`, () => {
        const document = templateDocument(
          { kind, title: 'Gran promo', description: 'Compre y gane.', fields },
          which,
        );
        expect(validateDocument(document)).toEqual([]);
        const { html } = renderDocument(document);
        if (which === 'form') {
          expect(html).toContain('<h1 id="title" class="lp-title">Gran promo</h1>');
          expect(html).toContain('Compre y gane.');
          for (const field of fields) expect(html).toContain(`name="${field.key}"`);
          expect(html).toContain('<label id="l-cedula" class="lp-l-cedula" for="f-cedula">Cédula</label>');
          expect(html).toContain(
            '<option id="f-store-o1" class="lp-f-store-o1" value="Norte">Norte</option>',
          );
          expect(html).toContain('data-date-part="year"');
          expect(html).toContain('<div class="lp-check"><input id="f-consent"');
          expect(html).toContain('type="submit"');
        }
        expect(html.includes('data-reward-code')).toBe(kind === 'reward_code');
        expect(html.includes('data-map')).toBe(
          which === 'thanks' && (kind === 'reward_code' || kind === 'instant_award'),
        );
      });

  it('links the marketplace entry and the points thank-you page to the shop, and lets every thank-you page be shared', () => {
    const shopUrl = '/acme/marketplace-authentication/tienda';
    const link = `<a id="cta-shop" class="lp-cta-shop" href="${shopUrl}">`;
    const marketplace = renderDocument(
      templateDocument({ kind: 'marketplace', title: 'Tienda', fields, shopUrl }, 'form'),
    ).html;
    expect(marketplace).toContain(`${link}Entrar a la tienda</a>`);
    const points = templateDocument({ kind: 'points', title: 'Puntos', fields, shopUrl }, 'thanks');
    expect(validateDocument(points)).toEqual([]);
    expect(renderDocument(points).html).toContain(`${link}Cambiar mis puntos en la tienda</a>`);
    // no shop address (or a kind without a shop): no link
    expect(
      renderDocument(templateDocument({ kind: 'marketplace', title: 'T', fields }, 'form')).html,
    ).not.toContain('cta-shop');
    expect(
      renderDocument(templateDocument({ kind: 'raffle', title: 'R', fields, shopUrl }, 'thanks')).html,
    ).not.toContain('cta-shop');
    for (const kind of CAMPAIGN_KINDS)
      expect(renderDocument(templateDocument({ kind, title: 'T', fields }, 'thanks')).html).toContain(
        'class="lp-share lp-share-buttons" role="group" aria-label="Compartir"',
      );
  });
});
