import { UPLOAD_LIMITS, type UploadKind } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign, nextCedula } from '../../testing/campaign-fixtures.ts';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

const t = await createTestApp();

/** One kind of CSV upload: where it goes, what it needs, a valid and a refused row, where rows land. */
type Target = {
  kind: UploadKind;
  table: string;
  header: string;
  row: (i: number) => string;
  badRow: string;
  setup: (tenant: TestTenant) => Promise<{ url: string; fields: Record<string, string> }>;
};

const targets: Target[] = [
  {
    kind: 'reward-codes',
    table: 'reward_codes',
    header: 'code',
    row: (i) => `RW${String(i).padStart(8, '0')}`,
    badRow: 'no!',
    setup: async (tenant) => {
      const { campaign } = await rewardCodeSetup(t, tenant, 0);
      return { url: '/api/uploads/reward-codes', fields: { campaignId: campaign.id } };
    },
  },
  {
    kind: 'raffle-codes',
    table: 'raffle_codes',
    header: 'code,points',
    row: (i) => `RF-${i},2`,
    badRow: 'RF-X,0',
    setup: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      return { url: '/api/uploads/raffle-codes', fields: { campaignId: campaign.id } };
    },
  },
  {
    kind: 'redeem-codes',
    table: 'redeem_codes',
    header: 'code',
    row: (i) => `RD${String(i).padStart(8, '0')}`,
    badRow: 'x',
    setup: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
      return { url: '/api/uploads/redeem-codes', fields: { campaignId: campaign.id, points: '5' } };
    },
  },
  {
    kind: 'product-codes',
    table: 'product_codes',
    header: 'code',
    row: (i) => `PIN-${i}`,
    badRow: 'con espacio',
    setup: async (tenant) => {
      const product = await t.request({
        method: 'POST',
        url: '/api/products',
        token: tenant.admin.token,
        body: { name: t.unique('p'), kind: 'digital', pricePoints: 5, stock: 1 },
      });
      expect(product.status, product.text).toBe(201);
      return { url: `/api/products/${product.body.id}/codes`, fields: {} };
    },
  },
  {
    kind: 'blacklist',
    table: 'blacklist',
    header: 'kind,value,reason,campaign',
    row: (i) => `email,p${i}@example.com,Fraude,`,
    badRow: 'fax,123,Nada,',
    setup: async () => ({ url: '/api/uploads/blacklist', fields: {} }),
  },
  {
    kind: 'participants',
    table: 'participants',
    header: 'cedula,name',
    row: () => `${nextCedula()},Persona`,
    badRow: '12,Corta',
    setup: async () => ({ url: '/api/uploads/participants', fields: { countryCode: 'CR' } }),
  },
  {
    kind: 'centres',
    table: 'redemption_centres',
    header: 'code,name,latitude,longitude',
    row: (i) => `${300000 + i},Centro ${i},9.93,-84.09`,
    badRow: '12,Malo,91,0',
    setup: async () => ({ url: '/api/uploads/redemption-centres', fields: {} }),
  },
];

async function rowsIn(table: string, tenantId: string): Promise<number> {
  const [row] = await t.db.ownerQuery<{ n: number }>(
    `select count(*)::int as n from ${table} where tenant_id = $1`,
    [tenantId],
  );
  return Number(row?.n);
}

async function send(
  tenant: TestTenant,
  target: { url: string; fields: Record<string, string> },
  file: string | Buffer,
  query = '',
) {
  const { payload, headers } = multipart(target.fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: `${target.url}${query}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Valid rows, repeated until the file passes `bytes`. */
function fileOver(target: Target, bytes: number): Buffer {
  const head = Buffer.from(`${target.header}\n`);
  const rows = Buffer.from(`${Array.from({ length: 50 }, (_, i) => target.row(i)).join('\n')}\n`);
  const body = Buffer.alloc(bytes + 1 - head.length, rows);
  return Buffer.concat([head, body, Buffer.from('\n')]);
}

/** `text` in UTF-16 with its byte order mark, as Excel's "Unicode" export writes it (little endian). */
function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const little = Buffer.from(`\ufeff${text}`, 'utf16le');
  return endian === 'le' ? little : Buffer.from(little).swap16();
}

describe.each(targets)('upload of $kind', (target) => {
  it('refuses a file over its limit whole (413 naming the limit) and writes nothing', async () => {
    const tenant = await t.createTenant();
    const where = await target.setup(tenant);
    const before = await rowsIn(target.table, tenant.id);
    const res = await send(tenant, where, fileOver(target, UPLOAD_LIMITS[target.kind].maxBytes));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('UPLOAD_TOO_LARGE');
    expect(res.body.error.message).toContain(UPLOAD_LIMITS[target.kind].label);
    expect(await rowsIn(target.table, tenant.id)).toBe(before);
  });

  it('writes nothing when a row is refused, unless asked to import only the valid rows', async () => {
    const tenant = await t.createTenant();
    const where = await target.setup(tenant);
    const before = await rowsIn(target.table, tenant.id);
    const csv = [target.header, target.row(1), target.row(2), target.badRow, target.row(3)].join('\n');
    const refused = await send(tenant, where, csv);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('UPLOAD_ROWS_REFUSED');
    expect(refused.body.error.details[0]).toMatchObject({ path: 'file', params: { total: 4, refused: 1 } });
    expect(
      refused.body.error.details
        .slice(1)
        .map((d: { path: string }) => d.path.split('.').slice(0, 3).join('.')),
    ).toContain('file.line.4');
    expect(await rowsIn(target.table, tenant.id)).toBe(before);

    const taken = await send(tenant, where, csv, '?onlyValid=true');
    expect(taken.status).toBe(200);
    const report = taken.body.report ?? taken.body;
    expect(report).toMatchObject({ total: 4, refusedTotal: 1 });
    expect(report.refused.map((r: { row: number }) => r.row)).toEqual([4]);
    expect(await rowsIn(target.table, tenant.id)).toBe(before + 3);
  });
});

describe('reading uploaded CSV files', () => {
  const rewardTarget = targets[0] as Target;
  const upload = async (file: string | Buffer, query = '') => {
    const tenant = await t.createTenant();
    const where = await rewardTarget.setup(tenant);
    const res = await send(tenant, where, file, query);
    return { ...res, written: await rowsIn('reward_codes', tenant.id) };
  };

  it('reports broken quoting with its line and imports nothing', async () => {
    const open = await upload('code\nAAAA1111\n"BBBB2222\nCCCC3333\n');
    expect(open.status).toBe(400);
    expect(open.body.error).toMatchObject({
      code: 'UPLOAD_QUOTE_INVALID',
      details: [{ path: 'file.line.3', code: 'UPLOAD_QUOTE_INVALID', params: { line: 3 } }],
    });
    expect(open.body.error.message).toContain('línea 3');
    expect(open.written).toBe(0);

    const stray = await upload('code\nAAAA1111\nBBBB2222\n"CCCC"3333\nDDDD4444\n');
    expect(stray.status).toBe(400);
    expect(stray.body.error.details[0].params).toEqual({ line: 4 });
    expect(stray.written).toBe(0);
  });

  it('refuses a text field with characters that cannot be stored, on that field', async () => {
    const tenant = await t.createTenant();
    const where = await rewardTarget.setup(tenant);
    const res = await send(
      tenant,
      { ...where, fields: { ...where.fields, campaignId: 'x\u0000y' } },
      'code\nAAAA1111\n',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'campaignId', code: 'FIELD_CHARACTERS_INVALID' }),
    ]);
    expect(await rowsIn('reward_codes', tenant.id)).toBe(0);
  });

  it('refuses files that are not text', async () => {
    const files = {
      xlsx: Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
        Buffer.from('[Content_Types].xml'),
      ]),
      pdf: Buffer.from('%PDF-1.7\ncode\nAAAA1111\n'),
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      nul: Buffer.from('code\nAAAA\u00001111\n'),
      garbage: Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x0a, 0x81, 0x8d, 0x9d, 0xc3, 0x28, 0x0a]),
      // UTF-16 with its byte order mark is read as text: a NUL or a lone surrogate in it is not text
      utf16Nul: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('code\nAAAA\u00001111\n', 'utf16le')]),
      utf16Surrogate: Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('code\nAAAA\ud8001111\n', 'utf16le'),
      ]),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const res = await upload(bytes);
      expect([name, res.status, res.body.error?.code]).toEqual([name, 400, 'UPLOAD_NOT_TEXT']);
      expect(res.written).toBe(0);
    }
  });

  it('refuses an empty file and answers a header-only file with nothing to import', async () => {
    const empty = await upload('');
    expect([empty.status, empty.body.error.code]).toEqual([400, 'UPLOAD_INVALID']);
    const headerOnly = await upload('code\n');
    expect(headerOnly.status).toBe(200);
    expect(headerOnly.body).toMatchObject({ total: 0, created: 0, refused: [] });
  });

  it('reads UTF-8 with a BOM and CRLF line ends', async () => {
    const res = await upload(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('code\r\nAAAA1111\r\nBBBB2222\r\n')]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, created: 2 });
  });

  it('reads what Spanish Excel saves: `;` separated, Windows-1252', async () => {
    const tenant = await t.createTenant();
    const cedula = nextCedula();
    // "cedula;name\r\n<cedula>;Muñoz José\r\n" in Windows-1252: ñ = 0xF1, é = 0xE9
    const bytes = Buffer.concat([
      Buffer.from(`cedula;name\r\n${cedula};Mu`, 'latin1'),
      Buffer.from([0xf1]),
      Buffer.from('oz Jos', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from('\r\n', 'latin1'),
    ]);
    const res = await send(
      tenant,
      { url: '/api/uploads/participants', fields: { countryCode: 'CR' } },
      bytes,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 1, created: 1 });
    const [person] = await t.db.ownerQuery<{ name: string }>(
      'select name from participants where tenant_id = $1 and cedula = $2',
      [tenant.id, cedula],
    );
    expect(person?.name).toBe('Muñoz José');

    // and UTF-8 with `;`
    const utf8 = await upload('code;nota\nAAAA1111;año\nBBBB2222;señal\n');
    expect(utf8.body).toMatchObject({ total: 2, created: 2 });
  });

  it('reads UTF-16 with a byte order mark, little or big endian (accents included)', async () => {
    const tenant = await t.createTenant();
    const [first, second] = [nextCedula(), nextCedula()];
    const text = `cedula,name\r\n${first},Muñoz José\r\n${second},Ana Peña Núñez\r\n`;
    const res = await send(
      tenant,
      { url: '/api/uploads/participants', fields: { countryCode: 'CR' } },
      utf16(text, 'le'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 2, created: 2 });
    const people = await t.db.ownerQuery<{ cedula: string; name: string }>(
      'select cedula, name from participants where tenant_id = $1 order by name',
      [tenant.id],
    );
    expect(people).toEqual([
      { cedula: second, name: 'Ana Peña Núñez' },
      { cedula: first, name: 'Muñoz José' },
    ]);

    // big endian, `;`, through the streamed code import
    const codes = await upload(utf16('code;nota\nAAAA1111;año\nBBBB2222;señal\n', 'be'));
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    expect(codes.body).toMatchObject({ total: 2, created: 2 });
    expect(codes.written).toBe(2);
  });

  it('refuses UTF-16 without a byte order mark, asking for CSV UTF-8 (Spanish first, English on request)', async () => {
    const bytes = Buffer.from('code\nAAAA1111\nBBBB2222\n', 'utf16le');
    const res = await upload(bytes);
    expect([res.status, res.body.error.code]).toEqual([400, 'UPLOAD_UTF16_WITHOUT_BOM']);
    expect(res.body.error.message).toContain('Guarde el archivo como CSV UTF-8');
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'file', code: 'UPLOAD_UTF16_WITHOUT_BOM' }),
    ]);
    expect(res.written).toBe(0);

    const tenant = await t.createTenant();
    const { payload, headers } = multipart({ countryCode: 'CR' }, Buffer.from('cedula,name\n', 'utf16le'));
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/participants',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}`, 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(400);
    expect(JSON.parse(english.body).error.message).toContain('Save the file as CSV UTF-8');
  });

  it('lists the first 1,000 refused rows and counts them all', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) =>
      i % 2 === 0 ? 'x!' : `OK${String(i).padStart(6, '0')}`,
    );
    const res = await upload(['code', ...rows, ...rows.slice(0, 1000)].join('\n'), '?onlyValid=true');
    expect(res.status).toBe(200);
    // 750 malformed + 500 repeated malformed + 500 repeated valid codes
    expect(res.body).toMatchObject({ total: 2500, created: 750, refusedTotal: 1750 });
    expect(res.body.refused).toHaveLength(1000);
    expect(res.body.refused[0]).toMatchObject({ row: 2, errors: [{ code: 'FIELD_INVALID' }] });
    expect(res.written).toBe(750);
  });

  it('streams a large file of codes into the database', { timeout: 300_000 }, async () => {
    const count = 100_000;
    const lines = ['code'];
    for (let i = 0; i < count; i++) lines.push(`BIG${String(i).padStart(9, '0')}`);
    const res = await upload(lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: count, created: count, refused: [] });
    expect(res.written).toBe(count);
  });
});
