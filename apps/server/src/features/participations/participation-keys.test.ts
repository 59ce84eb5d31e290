import { expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import {
  addRule,
  countRows,
  onBothPaths,
  refusalOf,
  withKey,
  writtenFor,
} from '../../testing/participation-paths.ts';

/** The Idempotency-Key of a participation, claimed alike on both paths a participation takes. */
await onBothPaths((t) => {
  it('a retried submission with the same Idempotency-Key counts once and answers the first answer', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    const key = t.unique('k');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => participate(t, tenant, campaign.name, answers, withKey(key))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(results.map((r) => r.body.participationId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await countRows(t, 'participations', 'tenant_id = $1', [tenant.id])).toBe(1);
    const [stored] = await t.db.ownerQuery<{ response_status: number; response_body: unknown }>(
      'select response_status, response_body from idempotency_keys where tenant_id = $1 and key = $2',
      [tenant.id, key],
    );
    expect(stored).toEqual({ response_status: 201, response_body: results[0]?.body });
    const later = await participate(t, tenant, campaign.name, answers, withKey(key));
    expect(later.body).toEqual(results[0]?.body);
  });

  it('a key sent with another request is refused, and that request writes nothing, even at the same moment', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const person = validAnswers();
    const key = t.unique('k');
    expect((await participate(t, tenant, campaign.name, person, withKey(key))).status).toBe(201);
    const before = await writtenFor(t, tenant.id);
    const reused = { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', fields: [] };
    // the same person with another name (a claim if it were taken), and someone new
    for (const answers of [{ ...person, name: 'Otra Persona' }, validAnswers()])
      expect(refusalOf(await participate(t, tenant, campaign.name, answers, withKey(key)))).toEqual(reused);
    // nothing written: no new person, no claim, the known person's row untouched (the one-call
    // path kept what participation_gate wrote until issue #42)
    expect(await writtenFor(t, tenant.id)).toEqual(before);

    // two different people with one new key at once: one takes part, the other is refused
    const mid = await writtenFor(t, tenant.id);
    const shared = t.unique('k');
    const pair = await Promise.all(
      [validAnswers(), validAnswers()].map((answers) =>
        participate(t, tenant, campaign.name, answers, withKey(shared)),
      ),
    );
    expect(pair.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(pair.map(refusalOf).find((r) => r.status === 422)).toEqual(reused);
    expect(await writtenFor(t, tenant.id)).toMatchObject({
      participations: mid.participations + 1,
      people: mid.people + 1,
      keys: mid.keys + 1,
    });
  });

  it('a refused participation keeps no key: the key serves the next request', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
    const person = validAnswers();
    expect((await participate(t, tenant, campaign.name, person)).status).toBe(201);
    const key = t.unique('k');
    const limited = await participate(t, tenant, campaign.name, person, withKey(key));
    expect(refusalOf(limited)).toEqual({ status: 422, code: 'PARTICIPATION_LIMIT', fields: [] });
    const next = await participate(t, tenant, campaign.name, validAnswers(), withKey(key));
    expect(next.status, next.text).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
  });
});
