import { CreateMarketplace, TEMPLATE_ID_PATTERN, UpdateMarketplace } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { marketplaceFormValues, toMarketplaceBody } from './marketplace-form-model.ts';

const zone = 'America/Costa_Rica';
const values = {
  ...marketplaceFormValues(undefined, zone),
  name: 'Tienda',
  templateId: ' grid-2 ',
  campaignId: 'a3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11',
  productIds: ['b3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11'],
  opensAt: '2026-03-01T08:00',
};

describe('marketplace form', () => {
  it('sends the window in the tenant’s zone and leaves an empty limit out on create', () => {
    const body = toMarketplaceBody(values, false, zone);
    expect(body).toMatchObject({ templateId: 'grid-2', opensAt: '2026-03-01T14:00:00.000Z', appearance: {} });
    expect(body).not.toHaveProperty('closesAt');
    expect(CreateMarketplace.safeParse(body).success).toBe(true);
  });

  it('clears the limits and an emptied appearance field on edit, and never sends the campaign again', () => {
    const body = toMarketplaceBody({ ...values, opensAt: '', primaryColor: '#123456' }, true, zone);
    expect(body).toMatchObject({
      opensAt: null,
      closesAt: null,
      appearance: { primaryColor: '#123456', headline: null },
    });
    expect(body).not.toHaveProperty('campaignId');
    expect(UpdateMarketplace.safeParse(body).success).toBe(true);
  });

  it('gets the spec messages for a missing name, a bad template id and no product', () => {
    const parsed = CreateMarketplace.safeParse(
      toMarketplaceBody({ ...values, name: ' ', templateId: '-bad', productIds: [] }, false, zone),
    );
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name:MARKETPLACE_NAME_REQUIRED',
        'templateId:MARKETPLACE_TEMPLATE_INVALID',
        'productIds:MARKETPLACE_PRODUCT_REQUIRED',
      ]),
    );
  });

  it('documents the template id format: letters, digits, hyphens', () => {
    for (const ok of ['grid-2', 'Showcase', 'a1b']) expect(TEMPLATE_ID_PATTERN.test(ok)).toBe(true);
    for (const bad of ['ab', '2grid', 'grid-', 'grid_2', 'a'.repeat(41)])
      expect(TEMPLATE_ID_PATTERN.test(bad)).toBe(false);
  });

  it('reads a stored marketplace back into the form', () => {
    const form = marketplaceFormValues(
      {
        id: 'm',
        name: 'Tienda',
        templateId: 'grid-2',
        campaignId: 'c',
        campaignName: 'puntos',
        productIds: ['p'],
        opensAt: '2026-03-01T14:00:00.000Z',
        closesAt: null,
        appearance: { headline: 'Hola' },
        active: false,
        publicState: 'inactive',
        publicPath: '/demo/marketplace/puntos/m',
        createdAt: '',
        updatedAt: '',
      },
      zone,
    );
    expect(form).toMatchObject({
      opensAt: '2026-03-01T08:00',
      closesAt: '',
      headline: 'Hola',
      active: false,
    });
  });
});
