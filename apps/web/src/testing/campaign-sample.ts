import { Campaign } from '@promo/contract';

/**
 * A campaign as the server answers it: a draft points campaign in Costa Rica through 2026, at
 * version 1, unless `overrides` say otherwise. Checked against the contract, so the tests of the
 * campaign screens feed them only what the server can send.
 */
export function campaignSample(overrides: Partial<Campaign> = {}): Campaign {
  return Campaign.parse({
    id: '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11',
    name: 'puntos-2026',
    title: 'Puntos 2026',
    description: null,
    kind: 'points',
    countryCode: 'CR',
    startsAt: '2026-01-01T06:00:00.000Z',
    endsAt: '2026-12-31T06:00:00.000Z',
    redeemFrom: null,
    redeemUntil: null,
    terms: null,
    privacy: null,
    groupId: null,
    settings: {},
    active: false,
    archived: false,
    state: 'draft',
    hasForm: true,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
