import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const analyst = await t.createUser(tenant, 'ANALYST');

/** A photo-like JPEG with EXIF orientation 6 (to be turned upright) and a GPS-bearing EXIF block. */
async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Cámara' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

async function upload(
  file: Buffer | string,
  filename: string,
  contentType: string,
  token = tenant.admin.token,
) {
  const { payload, headers } = multipart({}, file, filename, contentType);
  return t.request({ method: 'POST', url: '/api/images', token, body: payload, headers });
}

describe('images', () => {
  it('re-encodes an upload as WebP, upright, at most 2000 px, without metadata, and serves it', async () => {
    const res = await upload(await photo(3000, 1200), '../../Foto de portada<script>.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(201);
    const image = res.body;
    // EXIF orientation 6: the 3000×1200 photo stands 1200×3000, then fits 2000 px
    expect(image).toMatchObject({ width: 800, height: 2000, contentType: 'image/webp' });
    expect(image.name).toBe('Foto de portadascript.jpg');
    expect(image.url).toBe(`/assets/${tenant.slug}/${image.id}.webp`);

    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 2000 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.length).toBe(image.bytes);

    const again = await t.app.inject({
      url: image.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const list = await t.request({ url: '/api/images', token: tenant.admin.token });
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(image.id);
  });

  it('keeps small images at their size and accepts PNG, WebP and GIF', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#f00a' } })
        .toFormat(format)
        .toBuffer();
      const res = await upload(bytes, `x.${format}`, `image/${format}`);
      expect(res.status, `${format}: ${res.text}`).toBe(201);
      expect(res.body).toMatchObject({ width: 40, height: 30 });
    }
  });

  it('refuses by content, not by name: text, SVG and damaged images, with the message on the file', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [file, name, type] of [
      ['hola', 'foto.jpg', 'image/jpeg'],
      [svg, 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await upload(file, name, type);
      expect(res.status, name).toBe(415);
      expect(res.body.error).toMatchObject({
        code: 'IMAGE_TYPE_NOT_ALLOWED',
        message: 'Solo se aceptan imágenes JPEG, PNG, WebP o GIF.',
        details: [{ path: 'file', code: 'IMAGE_TYPE_NOT_ALLOWED' }],
      });
    }
    const jpeg = await photo(200, 200);
    const damaged = await upload(jpeg.subarray(0, jpeg.length / 2), 'rota.jpg', 'image/jpeg');
    expect(damaged.status).toBe(422);
    expect(damaged.body.error.code).toBe('IMAGE_INVALID');
  });

  it('refuses files over 5 MB and images too large once decoded', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(big, 'grande.jpg', 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'La imagen supera el tamaño máximo de 5 MB.',
    });
    // 8000×8000 = 64 megapixels of one colour: a small file that would be huge in memory
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const refused = await upload(bomb, 'bomba.png', 'image/png');
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('IMAGE_INVALID');
  });

  it('is for admins; another tenant neither lists, deletes nor serves it under its own name', async () => {
    const res = await upload(await photo(50, 50), 'a.jpg', 'image/jpeg');
    const { id, url } = res.body;
    expect((await upload(await photo(50, 50), 'a.jpg', 'image/jpeg', analyst.token)).status).toBe(403);
    const theirs = await t.request({ url: '/api/images', token: other.admin.token });
    expect(theirs.body.items).toEqual([]);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/images/${id}`, token: other.admin.token })).status,
    ).toBe(404);
    expect((await t.app.inject({ url: `/assets/${other.slug}/${id}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/assets/${tenant.slug}/${id}.png` })).statusCode).toBe(404);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/images/${id}`, token: tenant.admin.token })).status,
    ).toBe(204);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});
