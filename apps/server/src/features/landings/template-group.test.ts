import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * The guided path's "Crear y publicar la página" (issue 44): one request makes the campaign's
 * form page and thank-you page, publishes both and groups them, in one transaction.
 */
const t = await createTestApp();
const tenant = await t.createTenant();

const publish = (campaignId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/landing-group`,
    token: tenant.admin.token,
    body,
    ...(headers ? { headers } : {}),
  });

/** What the tenant holds of a campaign's pages: landings, published versions, groups. */
async function pagesOf(campaignId: string) {
  const [row] = await t.db.ownerQuery<{ landings: number; versions: number; groups: number }>(
    `select (select count(*)::int from landings where tenant_id = $1 and campaign_id = $2) as landings,
            (select count(*)::int from landing_versions v join landings l on l.id = v.landing_id
              where l.tenant_id = $1 and l.campaign_id = $2) as versions,
            (select count(*)::int from landing_groups where tenant_id = $1 and campaign_id = $2) as groups`,
    [tenant.id, campaignId],
  );
  return row;
}

describe('the one-click page of a campaign', () => {
  it.each([
    ['reward_code', null],
    ['raffle', null],
    ['instant_award', null],
    ['points', 'Cambiar mis puntos en la tienda'],
    ['marketplace', 'Entrar a la tienda'],
  ])('publishes the form page and the thank-you page of a %s campaign as one group', async (kind, shop) => {
    const campaign = await createActiveCampaign(t, tenant, { kind, title: 'Verano 2026' });
    const res = await publish(campaign.id);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: campaign.name,
      campaignId: campaign.id,
      publicPath: `/${tenant.slug}/landing/${campaign.name}`,
    });
    expect(res.body.landingIds).toHaveLength(2);
    expect(await pagesOf(campaign.id)).toEqual({ landings: 2, versions: 2, groups: 1 });

    const form = await t.request({ url: res.body.publicPath });
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-landing-form');
    // taking part on the form page leads to the thank-you page
    expect(form.text).toContain(`"nextUrl":"${res.body.publicPath}?page=2"`);
    const thanks = await t.request({ url: `${res.body.publicPath}?page=2` });
    expect(thanks.status).toBe(200);
    expect(thanks.text).not.toContain('data-landing-form');
    expect(thanks.text).toContain('role="group" aria-label="Compartir"');
    const shopLink = `href="/${tenant.slug}/marketplace-authentication/${campaign.name}"`;
    if (shop) {
      expect(thanks.text).toContain(shopLink);
      expect(thanks.text).toContain(`>${shop}</a>`);
    } else expect(thanks.text).not.toContain('marketplace-authentication');
  });

  it('names the group as asked, and the landings after their page and the campaign', async () => {
    const campaign = await createActiveCampaign(t, tenant, { title: 'Gran sorteo' });
    const name = t.unique('sorteo');
    const res = await publish(campaign.id, { name });
    expect(res.status, res.text).toBe(201);
    expect(res.body.publicPath).toBe(`/${tenant.slug}/landing/${name}`);
    const list = await t.request({
      url: `/api/landing-pages?campaignId=${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(list.body.map((l: { name: string }) => l.name).sort()).toEqual([
      'Agradecimiento · Gran sorteo',
      'Formulario · Gran sorteo',
    ]);
    expect(list.body.every((l: { publishedVersion: number | null }) => l.publishedVersion === 1)).toBe(true);
  });

  it('refuses a group name already taken and leaves nothing behind', async () => {
    const first = await createActiveCampaign(t, tenant);
    const second = await createActiveCampaign(t, tenant);
    const name = t.unique('tomado');
    expect((await publish(first.id, { name })).status).toBe(201);
    const before = await pagesOf(second.id);
    const refused = await publish(second.id, { name });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.code).toBe('LANDING_GROUP_NOT_CREATED');
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'DUPLICATE_VALUE' }),
    ]);
    expect(await pagesOf(second.id)).toEqual(before);
    expect(before).toEqual({ landings: 0, versions: 0, groups: 0 });
  });

  it('refuses a name that cannot be an address, before writing anything', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const refused = await publish(campaign.id, { name: 'Con Espacios' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'name', code: 'SLUG_FORMAT' });
    expect(await pagesOf(campaign.id)).toEqual({ landings: 0, versions: 0, groups: 0 });
  });

  it('makes one group of two requests sent at once with one Idempotency-Key, answering it to both', async () => {
    const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
    const key = { 'Idempotency-Key': t.unique('doble-clic') };
    const [first, second] = await Promise.all([publish(campaign.id, {}, key), publish(campaign.id, {}, key)]);
    expect([first.status, second.status], `${first.text} ${second.text}`).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    expect(await pagesOf(campaign.id)).toEqual({ landings: 2, versions: 2, groups: 1 });
    // and again later: the same group, nothing more written
    const again = await publish(campaign.id, {}, key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await pagesOf(campaign.id)).toEqual({ landings: 2, versions: 2, groups: 1 });
    // the key of another request is refused, and writes nothing
    const other = await createActiveCampaign(t, tenant);
    const reused = await publish(other.id, {}, key);
    expect(reused.status, reused.text).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await pagesOf(other.id)).toEqual({ landings: 0, versions: 0, groups: 0 });
  });

  it('makes one group of two requests sent at once without a key: the second is refused and writes nothing', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const answers = await Promise.all([publish(campaign.id), publish(campaign.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422);
    expect(refused?.body.error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'DUPLICATE_VALUE' }),
    ]);
    expect(await pagesOf(campaign.id)).toEqual({ landings: 2, versions: 2, groups: 1 });
  });
});

describe('sharing a campaign’s pages', () => {
  const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');

  it('shares the form page from the thank-you page, with an invitation, and names it in the head', async () => {
    const campaign = await createActiveCampaign(t, tenant, { kind: 'raffle', title: 'Gran sorteo' });
    const group = await publish(campaign.id);
    const formUrl = `http://promo.test${group.body.publicPath}`;
    const thanks = (await t.request({ url: `${group.body.publicPath}?page=2` })).text;
    expect(thanks).toContain('¡Ya está participando!');
    // the head names the form page: a link preview and a search engine show where to take part
    expect(thanks).toContain(`<link rel="canonical" href="${formUrl}">`);
    expect(thanks).toContain(`<meta property="og:url" content="${formUrl}">`);
    expect(thanks).toContain('<meta property="og:title" content="Gran sorteo">');
    expect(thanks).toContain('<meta name="twitter:title" content="Gran sorteo">');
    // the page's own title stays its own (the browser tab)
    expect(thanks).toContain('<title>¡Ya está participando! · Gran sorteo</title>');
    // the buttons share the form page, inviting to take part
    expect(attribute(thanks, /data-network="whatsapp" href="([^"]+)"/)).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Participe en Gran sorteo ${formUrl}`)}`,
    );
    expect(attribute(thanks, /data-network="facebook" href="([^"]+)"/)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(formUrl)}`,
    );
    expect(attribute(thanks, /data-network="x" href="([^"]+)"/)).toBe(
      `https://x.com/intent/post?url=${encodeURIComponent(formUrl)}&text=${encodeURIComponent('Participe en Gran sorteo')}`,
    );
    expect(attribute(thanks, /data-share-copy="([^"]+)"/)).toBe(formUrl);
    expect(thanks).not.toContain('page%3D2');
    // the form page names itself
    const form = (await t.request({ url: group.body.publicPath })).text;
    expect(form).toContain(`<link rel="canonical" href="${formUrl}">`);
    expect(form).toContain(`<meta property="og:url" content="${formUrl}">`);
  });

  it('says the form page’s own share title instead, when the admin wrote one', async () => {
    const campaign = await createActiveCampaign(t, tenant, { title: 'Verano' });
    const group = await publish(campaign.id);
    const [formId] = group.body.landingIds as string[];
    const landing = await t.request({ url: `/api/landing-pages/${formId}`, token: tenant.admin.token });
    const document = {
      ...landing.body.document,
      page: { ...landing.body.document.page, shareTitle: 'Gane un viaje' },
    };
    for (const [method, url, body] of [
      ['PUT', `/api/landing-pages/${formId}`, { document }],
      ['POST', `/api/landing-pages/${formId}/publish`, undefined],
    ] as const) {
      const res = await t.request({ method, url, token: tenant.admin.token, body });
      expect(res.status, res.text).toBe(200);
    }
    const thanks = (await t.request({ url: `${group.body.publicPath}?page=2` })).text;
    expect(thanks).toContain('<meta property="og:title" content="Gane un viaje">');
    expect(attribute(thanks, /data-network="whatsapp" href="([^"]+)"/)).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Gane un viaje http://promo.test${group.body.publicPath}`)}`,
    );
  });
});
