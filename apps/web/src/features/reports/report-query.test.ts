import { describe, expect, it } from 'vitest';
import { reportQuery } from './report-query.ts';

describe('report queries', () => {
  it('gives each report its filters', () => {
    const filters = { from: 'F', to: 'T', centreId: 'C', campaignId: 'K' };
    expect(reportQuery('redemptions', 'csv', filters)).toEqual({
      format: 'csv',
      from: 'F',
      to: 'T',
      centreId: 'C',
      campaignId: 'K',
    });
    expect(reportQuery('codes', 'xlsx', filters)).toEqual({ format: 'xlsx', campaignId: 'K' });
    expect(reportQuery('redemption-totals', 'csv', { centreId: null })).toEqual({ format: 'csv' });
  });
});
