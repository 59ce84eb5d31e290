import { EMOJI_SERVICE_ORIGIN } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();

describe('security headers', () => {
  it('go with every answer, the back office’s content security policy among them', async () => {
    const answers = [
      ...(await Promise.all(['/healthz', '/api/auth/me', '/no-such-page'].map((url) => t.request({ url })))),
      // refused before any handler runs, and refused by a handler
      await t.request({ method: 'POST', url: '/api/auth/login', body: { tenant: 1 } }),
      await t.request({ url: '/api/campaigns', headers: { authorization: 'Bearer nonsense' } }),
      // a download, streamed
      await t.request({
        url: '/api/reconciliation-reports/redemptions?format=csv',
        token: tenant.admin.token,
      }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 404, 400, 401, 200]);
    for (const res of answers) {
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
