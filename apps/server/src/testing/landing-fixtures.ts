import { expect } from 'vitest';
import type { TestApp, TestTenant } from './test-app.ts';

/** A landing group of `documents`, each saved as a landing page of the campaign and published. */
export async function publishedGroup(
  t: TestApp,
  owner: TestTenant,
  campaignId: string,
  documents: unknown[],
) {
  const ids: string[] = [];
  for (const document of documents) {
    const created = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: owner.admin.token,
      body: { name: 'Página', campaignId, document },
    });
    expect(created.status, created.text).toBe(201);
    ids.push(created.body.id);
  }
  return publishAsGroup(t, owner, ids);
}

/** Publishes the landing pages `ids` and puts them, in this order, in a new group. */
export async function publishAsGroup(t: TestApp, owner: TestTenant, ids: string[]) {
  for (const id of ids) {
    const published = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${id}/publish`,
      token: owner.admin.token,
    });
    expect(published.status).toBe(200);
  }
  const name = t.unique('lg');
  const group = await t.request({
    method: 'POST',
    url: '/api/landing-group',
    token: owner.admin.token,
    body: { name, landingIds: ids },
  });
  expect(group.status, group.text).toBe(201);
  return { name, ids, groupId: group.body.id as string };
}
