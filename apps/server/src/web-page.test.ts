import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPage } from './app.ts';
import { appWithWebApp, TEST_STORAGE_KEY } from './testing/web-app.ts';

describe('the web app page and the storage encryption key (decision 017)', () => {
  let served: Awaited<ReturnType<typeof appWithWebApp>>;
  beforeAll(async () => {
    served = await appWithWebApp();
  });
  afterAll(async () => served.close());

  it('carries the deployment key in its storage-key meta, on every page path', async () => {
    for (const url of ['/demo/pages', '/demo/login', '/', '/builder']) {
      const page = await served.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain(`<meta name="storage-key" content="${TEST_STORAGE_KEY}" />`);
      expect(page.body, url).toContain('<title>SPA</title>');
    }
    // the built file itself, without the key, is not served
    expect((await served.app.inject({ url: '/index.html' })).statusCode).toBe(404);
  });

  it('replaces the empty meta of the build and escapes the key as an attribute', () => {
    const built = '<html><head><meta name="storage-key" content="" /><title>x</title></head></html>';
    expect(webPage(built, 'k"<1>&')).toBe(
      '<html><head><meta name="storage-key" content="k&quot;&lt;1&gt;&amp;" /><title>x</title></head></html>',
    );
  });
});
