import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('the frozen entry list', () => {
  it('is ordered by entry id as a number (99,999 before 100,000), and downloads as hashed', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    expect((await participate(t, tenant, campaign.name, validAnswers())).status).toBe(201);
    // entries whose ids cross a power of ten (their text order would differ)
    await t.db.ownerExec(
      `insert into raffle_entries (tenant_id, id, campaign_id, participant_id, points, department, created_at)
       overriding system value
       select e.tenant_id, 99990 + g, e.campaign_id, e.participant_id, 1 + g % 3, e.department, e.created_at
       from raffle_entries e, generate_series(1, 20) g
       where e.tenant_id = '${tenant.id}' and e.campaign_id = '${campaign.id}'`,
    );
    for (const weighting of ['entries', 'points']) {
      const draw = await t.request({
        url: `/api/raffle/select-winners/${campaign.id}?count=3&alternates=2&weighting=${weighting}`,
        token: tenant.admin.token,
      });
      expect(draw.status, draw.text).toBe(200);
      expect(draw.body.certificate.entriesCount).toBe(21);
      const list = await t.request({
        url: `/api/raffle/draws/${draw.body.drawId}/entries`,
        token: tenant.admin.token,
      });
      expect(list.status).toBe(200);
      const ids = list.text
        .split('\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0]));
      expect(ids).toHaveLength(21);
      expect(ids.slice(1)).toEqual(Array.from({ length: 20 }, (_, g) => 99991 + g));
      expect(createHash('sha256').update(list.text).digest('hex')).toBe(draw.body.certificate.entriesHash);
    }
  });
});
