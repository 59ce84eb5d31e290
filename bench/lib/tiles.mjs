// A stand-in map tile server on 127.0.0.1 (this machine has no internet): every tile is the same
// 256×256 PNG, a pale ground with a grid of streets, so that pages with a map load as they would
// in production (no failed requests, no console errors) and screenshots show a map-like canvas.
// Start the product server with MAP_TILE_URL=`${tiles.url}/{z}/{x}/{y}.png`.
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A 256×256 RGB PNG: ground colour with lighter streets every 64 px. */
export function tilePng() {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const street = x % 64 < 6 || y % 64 < 6;
      const [r, g, b] = street ? [255, 255, 255] : [232, 236, 226];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startTileServer(port) {
  const png = tilePng();
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
