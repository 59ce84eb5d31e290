import { describe, expect, it } from 'vitest';
import { jobPercent } from './jobs.ts';

describe('jobs', () => {
  it('shows a job as a percentage', () => {
    expect(jobPercent(undefined)).toBe(0);
    expect(jobPercent({ status: 'queued', progress: 0, total: 0 })).toBe(0);
    expect(jobPercent({ status: 'running', progress: 250_000, total: 1_000_000 })).toBe(25);
    expect(jobPercent({ status: 'running', progress: 2, total: 1 })).toBe(100);
    expect(jobPercent({ status: 'succeeded', progress: 0, total: 0 })).toBe(100);
  });
});
