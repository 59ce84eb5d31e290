import type { Readable } from 'node:stream';
import type { CodeFilter, CodeList, CodeListRow, CodesRevoked, RevokeCodes } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { iso } from '../../platform/iso.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { type ReportColumn, reportStream } from '../../platform/report.ts';
import { tenantTimeZone } from '../countries/index.ts';
import {
  type CodeListDbRow,
  type CodeListFilter,
  codesAfter,
  countCodes,
  revokeFiltered,
  revokeListed,
} from './code-list.repository.ts';
import { CODE_STATUS_ES } from './code-status-names.ts';
import { rewardCodeCampaign } from './reward-code-campaign.ts';

function filterOf(tenantId: string, campaignId: string, f: CodeFilter): CodeListFilter {
  return {
    tenantId,
    campaignId,
    q: f.q,
    status: f.status,
    from: f.from ? new Date(f.from) : undefined,
    to: f.to ? new Date(f.to) : undefined,
    centreId: f.centreId,
  };
}

function toRow(r: CodeListDbRow, mask: boolean): CodeListRow {
  return {
    code: r.code,
    status: r.status,
    holderName: r.holder_name,
    holderCedula: mask ? maskIdentity(r.holder_cedula) : r.holder_cedula,
    createdAt: r.created_at.toISOString(),
    assignedAt: iso(r.assigned_at),
    redeemedAt: iso(r.redeemed_at),
    revokedAt: iso(r.revoked_at),
    centreCode: r.centre_code,
    centreName: r.centre_name,
  };
}

/** A page of a campaign's codes (keyset on the code), with the count of all that match. */
export async function listCodes(
  ctx: Ctx,
  query: CodeFilter & { campaignId: string; after?: string | undefined; pageSize: number },
): Promise<CodeList> {
  const { tenantId, role } = actorOf(ctx);
  const filter = filterOf(tenantId, query.campaignId, query);
  return inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, query.campaignId);
    const [total, rows] = await oneByOne(
      () => countCodes(tx, filter),
      () => codesAfter(tx, filter, query.after ?? null, query.pageSize + 1),
    );
    const page = rows.slice(0, query.pageSize);
    return {
      items: page.map((r) => toRow(r, shouldMask(role))),
      total,
      next: rows.length > query.pageSize ? (page.at(-1)?.code ?? null) : null,
    };
  });
}

const EXPORT_COLUMNS: ReportColumn[] = [
  { header: 'Código' },
  { header: 'Estado' },
  { header: 'Titular' },
  { header: 'Identificación' },
  { header: 'Creado', type: 'datetime' },
  { header: 'Asignado', type: 'datetime' },
  { header: 'Canjeado', type: 'datetime' },
  { header: 'Revocado', type: 'datetime' },
  { header: 'Código de centro' },
  { header: 'Centro' },
];

/** A campaign's codes as a CSV or XLSX for printing, streamed in batches of 5,000; audited. */
export async function exportCodes(
  ctx: Ctx,
  query: CodeFilter & { campaignId: string },
  format: 'csv' | 'xlsx',
): Promise<{ name: string; stream: Readable }> {
  const { tenantId, role } = actorOf(ctx);
  const mask = shouldMask(role);
  const filter = filterOf(tenantId, query.campaignId, query);
  const { campaign, timeZone } = await inTenant(ctx, async (tx) => {
    const found = await rewardCodeCampaign(tx, tenantId, query.campaignId);
    await audit(tx, ctx, {
      tenantId,
      action: 'report.codes',
      entityType: 'campaign',
      entityId: query.campaignId,
      // the filters, with whether the list was searched instead of the search (it may name a
      // person, and the audit trail outlives a person's erasure: it is append-only)
      details: { format, ...query, q: undefined, searched: Boolean(query.q) },
    });
    return { campaign: found, timeZone: await tenantTimeZone(ctx, tx, tenantId) };
  });
  async function* batches() {
    let after: string | null = null;
    for (;;) {
      const cursor: string | null = after;
      const rows: CodeListDbRow[] = await inTenant(ctx, (tx) => codesAfter(tx, filter, cursor, 5000));
      const last = rows.at(-1);
      if (!last) return;
      after = last.code;
      yield rows.map((r) => [
        r.code,
        CODE_STATUS_ES[r.status],
        r.holder_name,
        mask ? maskIdentity(r.holder_cedula) : r.holder_cedula,
        r.created_at,
        r.assigned_at,
        r.redeemed_at,
        r.revoked_at,
        r.centre_code,
        r.centre_name,
      ]);
    }
  }
  return {
    name: `codigos-${campaign.name}`,
    stream: reportStream(format, timeZone, [{ name: 'Códigos', columns: EXPORT_COLUMNS, rows: batches() }]),
  };
}

/** Revokes a campaign's codes by filter or by list, in one statement; audited. Irreversible. */
export async function revokeCodes(ctx: Ctx, body: RevokeCodes): Promise<CodesRevoked> {
  const { tenantId } = actorOf(ctx);
  const reason = body.reason || null;
  return inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, body.campaignId);
    const now = ctx.clock.now();
    let result: CodesRevoked;
    if ('filter' in body) {
      const revoked = await revokeFiltered(tx, filterOf(tenantId, body.campaignId, body.filter), reason, now);
      result = { revoked, notRevoked: [], notRevokedCount: 0 };
    } else {
      const listed = [
        ...new Set(body.codes.map((c) => c.trim().toUpperCase().replace(/[\s-]/g, '')).filter(Boolean)),
      ];
      const revoked = new Set(
        await revokeListed(tx, { tenantId, campaignId: body.campaignId, codes: listed, reason, now }),
      );
      const notRevoked = listed.filter((c) => !revoked.has(c));
      result = {
        revoked: revoked.size,
        notRevoked: notRevoked.slice(0, 100),
        notRevokedCount: notRevoked.length,
      };
    }
    if (result.revoked === 0 && result.notRevokedCount > 0 && 'codes' in body)
      throw new AppError('CODE_NOT_REVOKED', [{ path: 'codes', code: 'CODE_NOT_REVOKED' }]);
    await audit(tx, ctx, {
      tenantId,
      action: 'codes.revoke',
      entityType: 'campaign',
      entityId: body.campaignId,
      details: { by: 'filter' in body ? 'filter' : 'file', revoked: result.revoked },
    });
    return result;
  });
}
