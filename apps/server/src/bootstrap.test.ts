import { describe, expect, it } from 'vitest';
import { bootstrapFirstRun } from './bootstrap.ts';
import { validAnswers } from './testing/campaign-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from './testing/test-app.ts';

const t = await createTestApp();

describe('first run', () => {
  it('creates the platform admin, the demo tenant with its admin, and a sample campaign people can join', async () => {
    const admin = await t.login('admin', 'demo');
    expect(admin.role).toBe('ADMIN');
    const campaigns = await t.request({ url: '/api/campaigns', token: admin.token });
    expect(campaigns.body.items).toEqual([
      expect.objectContaining({ name: 'promo-demo', kind: 'raffle', state: 'active', hasForm: true }),
    ]);

    t.clock.set(new Date());
    const joined = await t.request({
      method: 'POST',
      url: '/api/public/demo/campaigns/promo-demo/participations',
      body: { answers: validAnswers(), consent: true },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.outcome).toEqual({ kind: 'raffle', entries: 1 });
  });

  it('changes nothing on later starts', async () => {
    expect(await bootstrapFirstRun(t.db, 'another-password-123')).toBeNull();
    await t.login('superadmin', null, TEST_PASSWORD);
  });
});
