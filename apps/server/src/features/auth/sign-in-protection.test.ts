import { describe, expect, it } from 'vitest';
import { addressKey, SIGN_IN_POLICY, slowdownMs } from './sign-in-protection.ts';

describe('addressKey', () => {
  it('keeps IPv4 whole, unwraps IPv4-mapped IPv6 and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:7:1::5')).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:0db8:0007:0001:ffff:0:0:9')).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('slowdownMs', () => {
  it('is nothing below the threshold, then doubles from 250 ms to a 3 s cap', () => {
    const waits = [0, 9, 10, 11, 12, 13, 14, 40, 10_000].map((n) => slowdownMs(n, SIGN_IN_POLICY));
    expect(waits).toEqual([0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000]);
  });
});
