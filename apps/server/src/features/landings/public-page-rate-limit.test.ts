import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { publishedGroup } from '../../testing/landing-fixtures.ts';
import { createTestApp, randomIp } from '../../testing/test-app.ts';
import { standardFormPage } from './fixtures/standard-page.ts';

const LIMIT = 5;
const t = await createTestApp({ limits: { publicPerMinute: LIMIT } });
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant);
const { name: groupName } = await publishedGroup(t, tenant, campaign.id, [standardFormPage()]);

describe('the public rate limit of landing pages', () => {
  it('does not count a page answered from memory: many visitors behind one address all see it', async () => {
    const ip = randomIp();
    // the page's state is held a second; a slow machine may look it up again, a few times at most
    const answers = [];
    for (let i = 0; i < 4 * LIMIT; i++)
      answers.push((await t.request({ url: `/${tenant.slug}/landing/${groupName}`, ip })).status);
    expect(answers).toEqual(Array(4 * LIMIT).fill(200));
  });

  it('counts each look-up of a page it does not hold, and refuses past the limit', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await t.request({ url: `/${tenant.slug}/landing/${t.unique('nothing')}`, ip })).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(404), 429]);
    const refused = await t.request({ url: `/${tenant.slug}/landing/${t.unique('nothing')}`, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    // another address is not held back
    expect((await t.request({ url: `/${tenant.slug}/landing/${groupName}`, ip: randomIp() })).status).toBe(
      200,
    );
  });

  it('counts look-ups of unknown tenants too', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await t.request({ url: `/${t.unique('nobody')}/landing/${groupName}`, ip })).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(404), 429]);
  });
});
