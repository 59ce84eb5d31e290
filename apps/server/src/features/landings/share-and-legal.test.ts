import { errorMessage } from '@promo/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';
import { standardFormPage } from './fixtures/standard-page.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();

async function uploadImage(owner: TestTenant): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipart({}, png, 'compartir.png', 'image/png');
  const res = await t.request({
    method: 'POST',
    url: '/api/images',
    token: owner.admin.token,
    body: payload,
    headers,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

function sharedDocument(page: Record<string, unknown>) {
  const document = standardFormPage();
  return {
    ...document,
    page: { ...document.page, ...page },
    elements: [
      ...document.elements,
      {
        type: 'share-buttons',
        name: 'Compartir',
        attributes: { id: 'share-1' },
        styles: {},
        stylesMobile: {},
        stylesApplyInMobile: true,
        childrens: [],
        parentId: 'dropZone',
      },
    ],
  };
}

async function createLanding(owner: TestTenant, campaignId: string, document: unknown) {
  return t.request({
    method: 'POST',
    url: '/api/landing-pages',
    token: owner.admin.token,
    body: { name: 'Compartible', campaignId, document },
  });
}

async function publishInGroup(owner: TestTenant, landingId: string): Promise<string> {
  const published = await t.request({
    method: 'POST',
    url: `/api/landing-pages/${landingId}/publish`,
    token: owner.admin.token,
  });
  expect(published.status, published.text).toBe(200);
  const name = t.unique('lg');
  const group = await t.request({
    method: 'POST',
    url: '/api/landing-group',
    token: owner.admin.token,
    body: { name, landingIds: [landingId] },
  });
  expect(group.status, group.text).toBe(201);
  return `/${owner.slug}/landing/${name}`;
}

function shareImageRefusal(res: { status: number; body: { error: { details: unknown[] } } }) {
  expect(res.status).toBe(400);
  expect(res.body.error.details).toEqual([
    {
      path: 'document.page.shareImageUrl',
      code: 'SHARE_IMAGE_NOT_IN_LIBRARY',
      message: errorMessage('SHARE_IMAGE_NOT_IN_LIBRARY', 'es'),
    },
  ]);
}

describe('sharing a landing page', () => {
  it('publishes the share title, description and library image as Open Graph and Twitter tags, and the share buttons', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const image = await uploadImage(tenant);
    const created = await createLanding(
      tenant,
      campaign.id,
      sharedDocument({
        shareTitle: 'Gane un viaje',
        shareDescription: 'Participe hoy',
        shareImageUrl: image.url,
      }),
    );
    expect(created.status, created.text).toBe(201);
    const url = await publishInGroup(tenant, created.body.id);
    const page = await t.request({ url });
    expect(page.status).toBe(200);
    const absolute = `http://promo.test${url}`;
    expect(page.text).toContain('<meta property="og:title" content="Gane un viaje">');
    expect(page.text).toContain('<meta property="og:description" content="Participe hoy">');
    expect(page.text).toContain(`<meta property="og:url" content="${absolute}">`);
    expect(page.text).toContain(`<meta property="og:image" content="http://promo.test${image.url}">`);
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.text).toContain(
      `href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absolute)}"`,
    );
    expect(page.text).toContain(`data-share-copy="${absolute}"`);
    // the image is served to the networks' crawlers without a token
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(200);
  });

  it('refuses a share image outside the tenant’s library: another site, another tenant, a deleted image', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    shareImageRefusal(
      await createLanding(
        tenant,
        campaign.id,
        sharedDocument({ shareImageUrl: 'https://evil.example/x.png' }),
      ),
    );
    const theirs = await uploadImage(other);
    shareImageRefusal(
      await createLanding(tenant, campaign.id, sharedDocument({ shareImageUrl: theirs.url })),
    );
    // the same id under this tenant's address is not this tenant's image either
    shareImageRefusal(
      await createLanding(
        tenant,
        campaign.id,
        sharedDocument({ shareImageUrl: theirs.url.replace(other.slug, tenant.slug) }),
      ),
    );

    const mine = await uploadImage(tenant);
    const created = await createLanding(tenant, campaign.id, sharedDocument({}));
    expect(created.status, created.text).toBe(201);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/images/${mine.id}`,
      token: tenant.admin.token,
    });
    expect(deleted.status).toBe(204);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${created.body.id}`,
      token: tenant.admin.token,
      body: { document: sharedDocument({ shareImageUrl: mine.url }) },
    });
    shareImageRefusal(saved);
  });

  it('refuses share texts that are too long or hold markup, on their fields', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const res = await createLanding(
      tenant,
      campaign.id,
      sharedDocument({ shareTitle: 'x'.repeat(121), shareDescription: '<img src=x onerror=alert(1)>' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['document.page.shareTitle', 'FIELD_TOO_LONG'],
      ['document.page.shareDescription', 'FIELD_INVALID'],
    ]);
  });
});

describe('terms and privacy notice', () => {
  const hostileTerms =
    '<h2>Bases</h2><p onclick="alert(1)">Solo <strong>mayores</strong> de edad.</p><script>alert(1)</script>' +
    '<ul><li>Uno <a href="javascript:alert(1)">aquí</a></li></ul><img src=x onerror=alert(1)>';
  const privacy =
    '<p>Sus datos se tratan según la <a href="https://acme.example/privacidad">ley 8968</a>.</p>';

  it('stores both sanitised and shows them, sanitised, as the page’s dialog texts', async () => {
    const campaign = await createActiveCampaign(t, tenant, { terms: hostileTerms, privacy });
    const stored = await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token });
    expect(stored.body.terms).toBe(
      '<h2>Bases</h2><p>Solo <strong>mayores</strong> de edad.</p><ul><li>Uno aquí</li></ul>',
    );
    expect(stored.body.privacy).toBe(
      '<p>Sus datos se tratan según la <a href="https://acme.example/privacidad" target="_blank" rel="noopener noreferrer">ley 8968</a>.</p>',
    );

    const created = await createLanding(tenant, campaign.id, standardFormPage());
    const url = await publishInGroup(tenant, created.body.id);
    const page = await t.request({ url });
    expect(page.text).toContain(`<template id="lp-terms-text">${stored.body.terms}</template>`);
    expect(page.text).toContain(`<template id="lp-privacy-text">${stored.body.privacy}</template>`);
    expect(page.text).not.toMatch(/onclick|onerror|javascript:|<script>alert/);

    const publicCampaign = await t.request({ url: `/api/public/${tenant.slug}/campaigns/${campaign.name}` });
    expect(publicCampaign.body.privacy).toBe(stored.body.privacy);
  });

  it('updates the privacy notice alone, and clears it with an empty text', async () => {
    const campaign = await createActiveCampaign(t, tenant, { terms: '<p>Bases</p>' });
    const set = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
      body: { privacy: '<p><em>Aviso</em></p>' },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ terms: '<p>Bases</p>', privacy: '<p><em>Aviso</em></p>' });
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
      body: { privacy: '<p><br></p>' },
    });
    expect(cleared.body.privacy).toBeNull();
    // another tenant can neither read nor change it
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: other.admin.token,
      body: { privacy: '<p>Otro</p>' },
    });
    expect(foreign.status).toBe(404);
    const analyst = await t.createUser(tenant, 'ANALYST');
    const refused = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: analyst.token,
      body: { privacy: '<p>Otro</p>' },
    });
    expect(refused.status).toBe(403);
    const after = await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token });
    expect(after.body.privacy).toBeNull();
  });
});
