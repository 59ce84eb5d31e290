import { Campaign } from '@promo/contract';

/**
 * A campaign as `GET /api/campaigns/{id}` answers it: an active raffle of Costa Rica over 2026,
 * unless `overrides` say otherwise. Checked against the contract, so a test feeds a screen only
 * what the server can send.
 */
export function campaignSample(overrides: Partial<Campaign> = {}): Campaign {
  return Campaign.parse({
    id: '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11',
    name: 'gran-sorteo',
    title: 'Gran sorteo',
    description: null,
    kind: 'raffle',
    countryCode: 'CR',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-12-31T00:00:00.000Z',
    redeemFrom: null,
    redeemUntil: null,
    terms: null,
    privacy: null,
    groupId: null,
    settings: {},
    active: true,
    archived: false,
    state: 'active',
    hasForm: true,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
