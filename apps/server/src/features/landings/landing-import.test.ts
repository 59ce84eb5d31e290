import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

/** The design proposal's sample page (shared/design/landing/sample-page.v1.json), as it is. */
const designSample = JSON.parse(
  readFileSync(
    new URL('../../../../../packages/landing/src/fixtures/design-sample-page.v1.json', import.meta.url),
    'utf8',
  ),
) as { page: Record<string, unknown> };

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const analyst = await t.createUser(tenant, 'ANALYST');
const campaign = await createActiveCampaign(t, tenant);

const importPage = (document: unknown, token = tenant.admin.token, campaignId = campaign.id) =>
  t.request({
    method: 'POST',
    url: '/api/landing-pages/import',
    token,
    body: { name: 'Muestra', campaignId, document },
  });

describe('landing import', () => {
  it('loads the design sample page, publishes it and serves it with its mobile breakpoint', async () => {
    // the plain create route refuses it: its types and bindings are the proposal's
    const plain = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: tenant.admin.token,
      body: { name: 'Muestra', campaignId: campaign.id, document: designSample },
    });
    expect(plain.status).toBe(400);

    const sample = { ...designSample, page: { ...designSample.page, mobileBreakpointPx: 600 } };
    const imported = await importPage(sample);
    expect(imported.status, imported.text).toBe(201);
    const read = await t.request({ url: `/api/landing-pages/${imported.body.id}`, token: analyst.token });
    expect(read.body.document.page.mobileBreakpointPx).toBe(600);
    expect(read.body.document.elements[2].childrens[1].childrens[0].childrens[1]).toMatchObject({
      type: 'masked-input',
      attributes: { fieldKey: 'cedula', required: true, mask: '999-9999999-9' },
    });
    const published = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${imported.body.id}/publish`,
      token: tenant.admin.token,
    });
    expect(published.status).toBe(200);
    const name = t.unique('muestra');
    const group = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name, landingIds: [imported.body.id] },
    });
    expect(group.status, group.text).toBe(201);

    const page = await t.request({ url: `/${tenant.slug}/landing/${name}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="h1-1" class="lp-h1-1">Win a trip!</h1>');
    expect(page.text).toContain('<label id="label-8" class="lp-label-8" for="maskedInput-9">Cédula</label>');
    expect(page.text).toContain('name="cedula"');
    expect(page.text).toContain('data-reward-code');
    // the page's own breakpoint, and the design system before the element styles
    expect(page.text).toContain('@media (max-width: 600px){.lp-h1-1{font-size:28px;}');
    expect(page.text).not.toContain('@media (max-width: 768px){.lp-h1-1');
    expect(page.text.indexOf(':where(.lp-page) button{')).toBeLessThan(page.text.indexOf('.lp-button-12{'));
  });

  it('refuses what the format does not allow, on its field', async () => {
    const bad = { ...designSample, page: { ...designSample.page, mobileBreakpointPx: 100 } };
    const res = await importPage(bad);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'document.page.mobileBreakpointPx', code: 'FIELD_INVALID' }),
    );
  });

  it('is for admins only, and only into a campaign of their tenant', async () => {
    expect((await importPage(designSample, analyst.token)).status).toBe(403);
    const foreign = await createActiveCampaign(t, other);
    const res = await importPage(designSample, tenant.admin.token, foreign.id);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'FIELD_INVALID' });
  });
});
