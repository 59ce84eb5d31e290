import {
  AgeStatistics,
  Campaign,
  CampaignGroup,
  DepartmentStatistics,
  GeneralStatistics,
  pageOf,
} from '@promo/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { campaignSample } from '../../testing/campaign-sample.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { StatisticsView } from './statistics-view.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';
const LATER = '1c8a6d3f-9e2b-4d2f-8b62-3a7a4d1e0f22';
const GROUP = '2d9b7e4a-0f3c-4e3a-9c73-4b8b5e2f1a33';

screenTests(registerPromotionsLocales);

const campaign = (id: string, startsAt: string, endsAt: string) =>
  campaignSample({ id, name: `promo-${id.slice(0, 4)}`, startsAt, endsAt });

// Costa Rica is UTC−6: 03:00 UTC on 1 March is still 28 February there
const first = campaign(CAMPAIGN, '2026-03-01T03:00:00.000Z', '2026-04-01T06:00:00.000Z');
const second = campaign(LATER, '2026-03-10T06:00:00.000Z', '2026-05-15T12:00:00.000Z');

/** The server: the campaigns, the group of both, and empty statistics; keeps the ranges asked for. */
function fakeServer() {
  const ranges: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const [path, query = ''] = url.split('?');
    if (path === `/api/campaigns/${CAMPAIGN}`) return contractResponse(Campaign, first);
    if (path === '/api/campaigns')
      return contractResponse(pageOf(Campaign), { items: [first, second], total: 2, page: 1, pageSize: 200 });
    if (path === '/api/campaign-groups')
      return contractResponse(CampaignGroup.array(), [
        {
          id: GROUP,
          name: 'Verano',
          description: null,
          campaignIds: [CAMPAIGN, LATER],
          createdAt: first.createdAt,
        },
      ]);
    const params = new URLSearchParams(query);
    ranges.push(`${params.get('from')} → ${params.get('to')}`);
    if (path?.endsWith('/statistics/general'))
      return contractResponse(GeneralStatistics, {
        participations: 0,
        participants: 0,
        byDay: [],
        byDevice: [],
      });
    if (path?.endsWith('/statistics/department')) return contractResponse(DepartmentStatistics, []);
    if (path?.endsWith('/statistics/age')) return contractResponse(AgeStatistics, []);
    expect.soft(url, 'a request the fake does not answer').toBeUndefined();
    throw new TypeError('no answer');
  });
  return ranges;
}

const shownRange = () =>
  `${screen.getByLabelText<HTMLInputElement>('Desde').value} → ${screen.getByLabelText<HTMLInputElement>('Hasta').value}`;

describe('the statistics open on the campaign’s dates', () => {
  it.each([
    {
      what: "a campaign: from its start day to its end day, in the tenant's zone",
      target: { kind: 'campaign', id: CAMPAIGN } as const,
      days: '2026-02-28 → 2026-03-31',
    },
    {
      what: "a group: from its first campaign's start to its last one's end",
      target: { kind: 'group', id: GROUP } as const,
      days: '2026-02-28 → 2026-05-15',
    },
  ])('$what', async ({ target, days }) => {
    const ranges = fakeServer();
    renderInBackOffice(<StatisticsView target={target} />);
    await waitFor(() => expect(shownRange()).toBe(days));
    await waitFor(() => expect(ranges).toContain(days));
    // no statistics were asked for another range first
    expect(new Set(ranges)).toEqual(new Set([days]));
  });
});
