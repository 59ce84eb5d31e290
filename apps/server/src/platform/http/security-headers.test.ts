import { EMOJI_SERVICE_ORIGIN } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('security headers', () => {
  it('go with every answer, the back office’s content security policy among them', async () => {
    for (const url of ['/healthz', '/api/auth/me', '/no-such-page']) {
      const res = await t.request({ url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain(`connect-src 'self' ${EMOJI_SERVICE_ORIGIN}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });
});
