import { errorMessage } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';
import { standardFormPage, thankYouPage } from './fixtures/standard-page.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const analyst = await t.createUser(tenant, 'ANALYST');
const operator = await t.createUser(tenant, 'OPERATOR');
const campaign = await createActiveCampaign(t, tenant);

async function createLanding(
  owner: TestTenant = tenant,
  campaignId = campaign.id,
  document: unknown = standardFormPage(),
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/landing-pages',
    token: owner.admin.token,
    body: { name: 'Registro', campaignId, document },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}

const publish = (id: string, token = tenant.admin.token) =>
  t.request({ method: 'POST', url: `/api/landing-pages/${id}/publish`, token });

describe('landing pages', () => {
  it('creates a draft, saves it with optimistic concurrency, reads it back', async () => {
    const created = await createLanding();
    expect(created.version).toBe(1);
    const doc = standardFormPage('Segunda versión');
    const saved = await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${created.id}`,
      token: tenant.admin.token,
      body: { document: doc, version: 1 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(saved.body.publishedVersion).toBeNull();
    const read = await t.request({ url: `/api/landing-pages/${created.id}`, token: analyst.token });
    expect(read.status).toBe(200);
    expect(read.body.document.page.title).toBe('Segunda versión');

    // a save made on version 1 after someone else saved: 'Landing not updated'
    const stale = await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${created.id}`,
      token: tenant.admin.token,
      body: { document: doc, version: 1 },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.error.code).toBe('LANDING_NOT_UPDATED');
    expect(stale.body.error.message).toBe(errorMessage('LANDING_NOT_UPDATED', 'es'));

    const list = await t.request({
      url: `/api/landing-pages?campaignId=${campaign.id}`,
      token: analyst.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((l: { id: string }) => l.id)).toContain(created.id);
    expect(list.body[0].document).toBeUndefined();
  });

  it('refuses a document that breaks the builder rules, with the builder messages', async () => {
    const doc = standardFormPage();
    // a second map, and a form field outside the form
    doc.elements.push(
      { ...doc.elements[0], type: 'map', attributes: { id: 'map-1' }, childrens: [] } as never,
      { ...doc.elements[0], type: 'map', attributes: { id: 'map-2' }, childrens: [] } as never,
      { ...doc.elements[0], type: 'input', attributes: { id: 'stray-input' }, childrens: [] } as never,
    );
    for (const element of doc.elements) delete (element as { text?: string }).text;
    const res = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: tenant.admin.token,
      body: { name: 'Mala', campaignId: campaign.id, document: doc },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const codes = res.body.error.details.map((d: { code: string }) => d.code);
    expect(codes).toContain('MAP_ALREADY_INSERTED');
    expect(codes).toContain('ELEMENT_ONLY_IN_FORM');
    const map = res.body.error.details.find((d: { code: string }) => d.code === 'MAP_ALREADY_INSERTED');
    expect(map.message).toBe(errorMessage('MAP_ALREADY_INSERTED', 'es'));
    expect(map.path).toMatch(/^document\.elements\./);
  });

  it('refuses a campaign of another tenant and unknown fields', async () => {
    const foreign = await createActiveCampaign(t, other);
    const res = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: tenant.admin.token,
      body: { name: 'x', campaignId: foreign.id, document: standardFormPage() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'FIELD_INVALID' });
  });

  it('publishes versions, lists them, rolls back and duplicates', async () => {
    const { id } = await createLanding();
    const first = await publish(id);
    expect(first.status, first.text).toBe(200);
    expect(first.body.publishedVersion).toBe(1);
    await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${id}`,
      token: tenant.admin.token,
      body: { document: standardFormPage('Nueva') },
    });
    const second = await publish(id);
    expect(second.body.publishedVersion).toBe(2);

    const versions = await t.request({ url: `/api/landing-pages/${id}/versions`, token: analyst.token });
    expect(versions.status).toBe(200);
    expect(versions.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.body[0]).toMatchObject({ current: true, publishedBy: tenant.admin.userId });

    const back = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${id}/rollback`,
      token: tenant.admin.token,
      body: { version: 1 },
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body.publishedVersion).toBe(1);
    expect(back.body.document.page.title).toBe('Gane con nosotros');

    const unknown = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${id}/rollback`,
      token: tenant.admin.token,
      body: { version: 9 },
    });
    expect(unknown.status).toBe(400);

    const copy = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${id}/duplicate`,
      token: tenant.admin.token,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Registro (copia)', version: 1, publishedVersion: null });
    expect(copy.body.id).not.toBe(id);
  });

  it('refuses to delete a landing published in an active campaign; deletes it otherwise', async () => {
    const { id } = await createLanding();
    await publish(id);
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/landing-pages/${id}`,
      token: tenant.admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('LANDING_NOT_DELETABLE');
    expect(refused.body.error.message).toBe(errorMessage('LANDING_NOT_DELETABLE', 'es'));

    const draft = await createLanding();
    const group = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name: t.unique('g'), landingIds: [id, draft.id] },
    });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/landing-pages/${draft.id}`,
      token: tenant.admin.token,
    });
    expect(deleted.status).toBe(204);
    const after = await t.request({ url: `/api/landing-group/${group.body.id}`, token: tenant.admin.token });
    expect(after.body.landingIds).toEqual([id]);

    await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}/active-status`,
      token: tenant.admin.token,
      body: { active: false },
    });
    const now = await t.request({
      method: 'DELETE',
      url: `/api/landing-pages/${id}`,
      token: tenant.admin.token,
    });
    expect(now.status).toBe(204);
    await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}/active-status`,
      token: tenant.admin.token,
      body: { active: true },
    });
  });

  it('lets analysts read but not write, and operators not even read', async () => {
    const { id } = await createLanding();
    expect((await t.request({ url: '/api/landing-pages', token: analyst.token })).status).toBe(200);
    const write = await publish(id, analyst.token);
    expect(write.status).toBe(403);
    expect((await t.request({ url: '/api/landing-pages', token: operator.token })).status).toBe(403);
    expect((await t.request({ url: '/api/landing-group', token: operator.token })).status).toBe(403);
  });

  it('another tenant’s landings are not found', async () => {
    const { id } = await createLanding();
    for (const [method, url, body] of [
      ['GET', `/api/landing-pages/${id}`, undefined],
      ['PUT', `/api/landing-pages/${id}`, { name: 'x' }],
      ['DELETE', `/api/landing-pages/${id}`, undefined],
      ['POST', `/api/landing-pages/${id}/publish`, undefined],
      ['GET', `/api/landing-pages/${id}/versions`, undefined],
      ['POST', `/api/landing-pages/${id}/duplicate`, undefined],
    ] as const) {
      const res = await t.request({ method, url, token: other.admin.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await t.request({ url: '/api/landing-pages', token: other.admin.token });
    expect(list.body.map((l: { id: string }) => l.id)).not.toContain(id);
  });
});

describe('landing groups', () => {
  it('creates a group of a campaign’s landings, in order, and reads, replaces and deletes it', async () => {
    const form = await createLanding();
    const thanks = await createLanding(tenant, campaign.id, thankYouPage());
    const name = t.unique('grupo');
    const created = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name, landingIds: [form.id, thanks.id] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name,
      campaignId: campaign.id,
      landingIds: [form.id, thanks.id],
      publicPath: `/${tenant.slug}/landing/${name}`,
    });
    const replaced = await t.request({
      method: 'PUT',
      url: `/api/landing-group/${created.body.id}`,
      token: tenant.admin.token,
      body: { name, landingIds: [thanks.id, form.id] },
    });
    expect(replaced.body.landingIds).toEqual([thanks.id, form.id]);
    const list = await t.request({ url: '/api/landing-group', token: analyst.token });
    expect(list.body.map((g: { id: string }) => g.id)).toContain(created.body.id);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/landing-group/${created.body.id}`,
      token: tenant.admin.token,
    });
    expect(deleted.status).toBe(204);
    const gone = await t.request({ url: `/api/landing-group/${created.body.id}`, token: tenant.admin.token });
    expect(gone.status).toBe(404);
  });

  it('requires a name: "A landing group name is required"', async () => {
    const { id } = await createLanding();
    for (const name of [undefined, '', '   ']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/landing-group',
        token: tenant.admin.token,
        body: { ...(name !== undefined ? { name } : {}), landingIds: [id] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('LANDING_GROUP_NAME_REQUIRED');
      expect(res.body.error.message).toBe(errorMessage('LANDING_GROUP_NAME_REQUIRED', 'es'));
    }
    const badSlug = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name: 'Mi Grupo', landingIds: [id] },
    });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error.details[0]).toMatchObject({ path: 'name', code: 'SLUG_FORMAT' });
  });

  it('"Cannot create the landing group": name taken, landing of another campaign or tenant', async () => {
    const { id } = await createLanding();
    const name = t.unique('dup');
    const first = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name, landingIds: [id] },
    });
    expect(first.status).toBe(201);
    const taken = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name, landingIds: [id] },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.error.code).toBe('LANDING_GROUP_NOT_CREATED');
    expect(taken.body.error.message).toBe(errorMessage('LANDING_GROUP_NOT_CREATED', 'es'));

    const otherCampaign = await createActiveCampaign(t, tenant);
    const mixed = await createLanding(tenant, otherCampaign.id);
    const twoCampaigns = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name: t.unique('mix'), landingIds: [id, mixed.id] },
    });
    expect(twoCampaigns.status).toBe(422);
    expect(twoCampaigns.body.error.code).toBe('LANDING_GROUP_NOT_CREATED');

    const foreignCampaign = await createActiveCampaign(t, other);
    const foreign = await createLanding(other, foreignCampaign.id);
    const crossTenant = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name: t.unique('x'), landingIds: [foreign.id] },
    });
    expect(crossTenant.status).toBe(422);
    expect(crossTenant.body.error.code).toBe('LANDING_GROUP_NOT_CREATED');

    // the same name is free in another tenant
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: other.admin.token,
      body: { name, landingIds: [foreign.id] },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('another tenant’s groups are not found', async () => {
    const { id } = await createLanding();
    const group = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: tenant.admin.token,
      body: { name: t.unique('mine'), landingIds: [id] },
    });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/landing-group/${group.body.id}`,
        token: other.admin.token,
      });
      expect(res.status).toBe(404);
    }
  });
});
