import { createActiveCampaign, nextCedula } from '../../testing/campaign-fixtures.ts';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { csv, type RefusalCase, requestsOf, walkRefusals } from '../../testing/refused-writes.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

/** Every CSV upload refused whole leaves every table as it was (issue #44; testing/refused-writes.ts). */
const t = await createTestApp();
const { json, upload, ok } = requestsOf(t);

/** Uploads `existing` alone, then answers the file whose last code is it again. */
async function lastCodeExists(
  tenant: TestTenant,
  url: string,
  fields: Record<string, string>,
  existing: string,
) {
  await ok(upload(tenant, url, fields, csv('code', [existing])), 200);
  return upload(tenant, url, fields, csv('code', ['NUEVO0001', existing]));
}
/** The whole file refused (UPLOAD_ROWS_REFUSED), naming `detail` (`path: code`) among its rows. */
const rowsRefused = (detail: string) => ({ status: 422, code: 'UPLOAD_ROWS_REFUSED', detail }) as const;
const CODE_EXISTS = rowsRefused('file.line.3.code: CODE_EXISTS');

const CASES: Record<string, RefusalCase> = {
  'POST /api/uploads/participants (last row invalid)': {
    refused: async (tenant) =>
      upload(
        tenant,
        '/api/uploads/participants',
        { countryCode: 'CR' },
        csv('cedula,name', [`${nextCedula()},Ana`, `${nextCedula()},Beto`, '12,Corta']),
      ),
    ...rowsRefused('file.line.4.cedula: IDENTITY_PATTERN'),
  },
  'POST /api/uploads/blacklist (last row names no campaign: refused while writing)': {
    refused: async (tenant) =>
      upload(
        tenant,
        '/api/uploads/blacklist',
        {},
        csv('kind,value,reason,campaign', [
          'email,uno@example.com,Fraude,',
          'cedula,102340567,Fraude,',
          'email,dos@example.com,Fraude,campana-que-no-existe',
        ]),
      ),
    ...rowsRefused('file.line.4.campaign: FIELD_INVALID'),
  },
  'POST /api/uploads/redemption-centres (last row invalid)': {
    refused: async (tenant) =>
      upload(
        tenant,
        '/api/uploads/redemption-centres',
        {},
        csv('code,name,latitude,longitude', [
          '400001,Uno,9.93,-84.09',
          '400002,Dos,9.93,-84.09',
          '400003,Tres,91,0',
        ]),
      ),
    ...rowsRefused('file.line.4.latitude: INVALID_COORDINATES'),
  },
  'POST /api/uploads/reward-codes (last code exists)': {
    refused: async (tenant) => {
      const { campaign } = await rewardCodeSetup(t, tenant, 0);
      return lastCodeExists(tenant, '/api/uploads/reward-codes', { campaignId: campaign.id }, 'EXISTE0001');
    },
    ...CODE_EXISTS,
  },
  'POST /api/uploads/raffle-codes (last code exists)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      return lastCodeExists(tenant, '/api/uploads/raffle-codes', { campaignId: campaign.id }, 'RF-EXISTE');
    },
    ...CODE_EXISTS,
  },
  'POST /api/uploads/redeem-codes (last code exists; the batch it opened goes too)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
      const fields = { campaignId: campaign.id, points: '5' };
      return lastCodeExists(tenant, '/api/uploads/redeem-codes', fields, 'RDEXISTE01');
    },
    ...CODE_EXISTS,
  },
  'POST /api/products/{id}/codes (last code exists)': {
    refused: async (tenant) => {
      const body = { name: 'Tarjeta', kind: 'digital', pricePoints: 5, stock: 3 };
      const product = await ok(json(tenant, 'POST', '/api/products', body));
      return lastCodeExists(tenant, `/api/products/${product.id}/codes`, {}, 'PIN-EXISTE');
    },
    ...CODE_EXISTS,
  },
};

walkRefusals(t, CASES);
