import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { publishAsGroup } from '../../testing/landing-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const analyst = await t.createUser(tenant, 'ANALYST');

const fromTemplate = (campaignId: string, page: string, token = tenant.admin.token) =>
  t.request({
    method: 'POST',
    url: '/api/landing-pages/template',
    token,
    body: { name: page === 'form' ? 'Registro' : 'Gracias', campaignId, page },
  });

describe('landing templates', () => {
  it('makes a reward-code campaign’s form and thank-you pages from its fields; a person takes part on them', async () => {
    const campaign = await createActiveCampaign(t, tenant, {
      kind: 'reward_code',
      title: 'Código de verano',
    });
    await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 2 },
    });
    const ids: string[] = [];
    for (const page of ['form', 'thanks']) {
      const created = await fromTemplate(campaign.id, page);
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
    }
    const { name } = await publishAsGroup(t, tenant, ids);

    const form = await t.request({ url: `/${tenant.slug}/landing/${name}` });
    expect(form.status).toBe(200);
    expect(form.text).toContain('<h1 id="title" class="lp-title">Código de verano</h1>');
    expect(form.text).toContain('<label id="l-cedula" class="lp-l-cedula" for="f-cedula">');
    for (const key of ['cedula', 'name', 'phone', 'birthdate', 'department'])
      expect(form.text).toContain(`name="${key}"`);
    expect(form.text).toContain('>Obtener mi código</button>');
    const thanks = await t.request({ url: `/${tenant.slug}/landing/${name}?page=2` });
    expect(thanks.text).toContain('¡Gracias por participar!');
    expect(thanks.text).toContain('data-reward-code');
    expect(thanks.text).toContain('data-map');
    // searchable and styled apart from the design system: described by its text, and the
    // reward-code element (id `code`) does not take the code's own `.lp-code` look
    expect(thanks.text).toContain(
      '<meta name="description" content="Muestre su código en un centro de canje antes de la fecha indicada.">',
    );
    expect(thanks.text).toContain('<div id="code" class="lp-reward-code lp--code" data-reward-code');

    // the form's fields are the campaign's: what the page sends is accepted
    const taken = await participate(t, tenant, campaign.name, validAnswers());
    expect(taken.status, taken.text).toBe(201);
  });

  it('links a marketplace’s form page and a points campaign’s thank-you page to the campaign’s shop', async () => {
    const linkOf = async (kind: string, page: string) => {
      const campaign = await createActiveCampaign(t, tenant, { kind });
      const created = await fromTemplate(campaign.id, page);
      expect(created.status, created.text).toBe(201);
      const landing = await t.request({
        url: `/api/landing-pages/${created.body.id}`,
        token: tenant.admin.token,
      });
      const json = JSON.stringify(landing.body.document);
      return { json, shop: `/${tenant.slug}/marketplace-authentication/${campaign.name}` };
    };
    const marketplace = await linkOf('marketplace', 'form');
    expect(marketplace.json).toContain(`"href":"${marketplace.shop}"`);
    expect(marketplace.json).toContain('Entrar a la tienda');
    const points = await linkOf('points', 'thanks');
    expect(points.json).toContain(`"href":"${points.shop}"`);
    const raffle = await linkOf('raffle', 'thanks');
    expect(raffle.json).not.toContain('marketplace-authentication');
    // every thank-you page can be shared
    expect(raffle.json).toContain('"type":"share-buttons"');
  });

  it('is for admins only, for a campaign of their own tenant, and a known page', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    expect((await fromTemplate(campaign.id, 'form', analyst.token)).status).toBe(403);
    const foreign = await createActiveCampaign(t, other);
    const stranger = await fromTemplate(foreign.id, 'form');
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'FIELD_INVALID' });
    const unknown = await fromTemplate(campaign.id, 'cover');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0]).toMatchObject({ path: 'page', code: 'FIELD_INVALID' });
  });
});
