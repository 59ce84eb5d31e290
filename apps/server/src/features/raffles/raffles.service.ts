import type { Readable } from 'node:stream';
import type { DrawCertificate, DrawResult, DrawSummary, EntryRow, Page } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant, readInTenant, streamInTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import { getCampaignRow } from '../campaigns/index.ts';
import { participantsByIds } from '../participants/index.ts';
import { ENTRIES_HEADER } from './draw-algorithm.ts';
import { raffleCampaign, toCertificate, toResult } from './draw-winners.ts';
import { winnerNotification } from './notifications.ts';
import {
  countEntries,
  type EntryFilter,
  type EntryListRow,
  findDraw,
  findDraws,
  findEntries,
  findStandingDraws,
  pointsOfPerson,
  streamEntryList,
} from './raffles.repository.ts';

/** A recorded draw with its certificate and the people drawn. */
export async function getDraw(ctx: Ctx, id: string): Promise<DrawResult> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const row = await findDraw(tx, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const campaign = await getCampaignRow(tx, tenantId, row.campaignId);
    return toResult(tx, ctx, campaign, toCertificate(row, campaign.name));
  });
}

/**
 * The frozen entry list of a draw, byte for byte the list its hash was computed over, streamed
 * from the database (one transaction while it is read).
 */
export async function drawEntriesCsv(ctx: Ctx, id: string): Promise<Readable> {
  const { tenantId } = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => findDraw(tx, tenantId, id));
  if (!row) throw new AppError('NOT_FOUND');
  const { disqualified: _, ...options } = row.options as DrawCertificate['options'] & {
    disqualified?: unknown;
  };
  const spec = {
    campaignId: row.campaignId,
    lastEntryId: row.lastEntryId,
    options,
    excluded: row.excluded as string[],
  };
  return streamInTenant(ctx, async function* (tx) {
    yield ENTRIES_HEADER;
    yield* streamEntryList(tx, tenantId, spec);
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The certificate as a page to print (no script; every value escaped). */
export function certificateHtml(result: DrawResult): string {
  const c = result.certificate;
  const rows = (list: DrawResult['winners'], role: string) =>
    list
      .map(
        (p) =>
          `<tr><td>${p.position}</td><td>${role}</td><td>${escapeHtml(p.entryId)}</td><td>${escapeHtml(p.name ?? '')}</td><td>${escapeHtml(p.cedula.replace(/.(?=.{3})/g, '•'))}</td></tr>`,
      )
      .join('');
  const field = (label: string, value: string | number | null) =>
    `<tr><th>${label}</th><td><code>${escapeHtml(String(value ?? '—'))}</code></td></tr>`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Certificado de sorteo ${escapeHtml(c.drawId)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #999;padding:.3rem .6rem;text-align:left}code{word-break:break-all}@media print{body{margin:0}}</style></head>
<body><h1>Certificado de sorteo</h1><p>Campaña <strong>${escapeHtml(c.campaignName)}</strong></p>
<table>${field('Sorteo', c.drawId)}${field('Fecha', c.drawnAt)}${field('Realizado por', c.drawnBy)}${field('Algoritmo', c.algorithm)}${field('Participaciones', c.entriesCount)}${field('Peso total', c.totalWeight)}${field('SHA-256 de la lista', c.entriesHash)}${field('Compromiso de la semilla', c.seedCommitment)}${c.commitment ? field('Compromiso registrado', `${c.commitment.committedAt} (${c.commitment.kind === 'public_value' ? 'valor público' : 'secreto del servidor'})`) + (c.commitment.source ? field('Fuente pública', c.commitment.source) + field('Valor publicado', c.commitment.value) : '') : ''}${field('Semilla', c.seed)}${field('Opciones', JSON.stringify(c.options))}${c.replacesDrawId ? field('Reemplaza al sorteo', c.replacesDrawId) + field('Motivo', c.reason) : ''}</table>
<table><thead><tr><th>Posición</th><th>Rol</th><th>Participación</th><th>Nombre</th><th>Identificación</th></tr></thead><tbody>${rows(result.winners, 'Ganador')}${rows(result.alternates, 'Suplente')}</tbody></table>
<p>Verificación: <code>npm run verify-draw -- certificate.json entries.csv</code> con el certificado JSON y la lista de participaciones de este sorteo.</p></body></html>`;
}

const WINNERS_HEADER = [
  'draw_id',
  'drawn_at',
  'position',
  'role',
  'entry_id',
  'cedula',
  'name',
  'notification',
];

/** Winners and alternates of the campaign's standing draws; only raffle campaigns have them. */
export async function winnersReport(ctx: Ctx, campaignId: string, format: 'csv' | 'xlsx'): Promise<Readable> {
  const { tenantId } = actorOf(ctx);
  const rows = await inTenant(ctx, async (tx) => {
    const campaign = await getCampaignRow(tx, tenantId, campaignId);
    if (campaign.kind !== 'raffle') throw new AppError('REPORT_ONLY_FOR_RAFFLES');
    const draws = await findStandingDraws(tx, tenantId, campaignId);
    const certificates = draws.map((d) => toCertificate(d, campaign.name));
    const mask = shouldMask(actorOf(ctx).role);
    const people = await participantsByIds(tx, tenantId, [
      ...new Set(certificates.flatMap((c) => [...c.winners, ...c.alternates].map((e) => e.participantId))),
    ]);
    await audit(tx, ctx, {
      tenantId,
      action: 'raffle.winners_export',
      entityType: 'campaign',
      entityId: campaignId,
    });
    return certificates.flatMap((c) =>
      [
        ...c.winners.map((e) => ({ e, role: 'winner' })),
        ...c.alternates.map((e) => ({ e, role: 'alternate' })),
      ].map(({ e, role }) => {
        const name = people.get(e.participantId)?.name ?? null;
        return [
          c.drawId,
          c.drawnAt,
          e.position,
          role,
          e.entryId,
          (mask
            ? maskIdentity(people.get(e.participantId)?.cedula ?? '')
            : people.get(e.participantId)?.cedula) ?? '',
          name ?? '',
          role === 'winner'
            ? winnerNotification(ctx.locale, {
                name,
                position: e.position,
                campaign: campaign.title,
                certificate: c,
              })
            : '',
        ];
      }),
    );
  });
  const batches = (async function* () {
    yield rows;
  })();
  return format === 'xlsx'
    ? xlsxStream('Ganadores', WINNERS_HEADER, batches)
    : csvStream(WINNERS_HEADER, batches);
}

/** A person's raffle entries and points, per campaign. */
export async function pointsByIdentification(ctx: Ctx, cedula: string, campaignId: string | undefined) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    if (campaignId) await raffleCampaign(tx, tenantId, campaignId);
    const rows = await pointsOfPerson(tx, tenantId, cedula, campaignId);
    return {
      // the analyst typed it, but the answer (on screen, in the browser's cache) shows it masked
      cedula: shouldMask(actorOf(ctx).role) ? (maskIdentity(cedula) ?? '') : cedula,
      entries: rows.reduce((n, r) => n + r.entries, 0),
      points: rows.reduce((n, r) => n + r.points, 0),
      campaigns: rows.map((r) => ({
        campaignId: r.campaign_id,
        name: r.name,
        entries: r.entries,
        points: r.points,
      })),
    };
  });
}

/** Every recorded draw of a raffle campaign, newest first, with the redraw that replaced it. */
export async function listDraws(ctx: Ctx, campaignId: string): Promise<{ items: DrawSummary[] }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, tenantId, campaignId);
    const rows = await findDraws(tx, tenantId, campaignId);
    return {
      items: rows.map((r) => ({
        drawId: r.id,
        drawnAt: new Date(r.drawn_at).toISOString(),
        drawnBy: r.drawn_by,
        entriesCount: r.entries_count,
        entriesHash: r.entries_hash,
        winners: r.winners,
        alternates: r.alternates,
        replacesDrawId: r.replaces_draw_id,
        reason: r.reason,
        replacedBy: r.replaced_by,
        committed: r.committed,
      })),
    };
  });
}

function toEntryRow(r: EntryListRow, mask: boolean): EntryRow {
  return {
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    cedula: mask ? (maskIdentity(r.cedula) ?? '') : r.cedula,
    name: r.name,
    department: r.department,
    points: r.points,
    code: r.code,
  };
}

/** A raffle campaign's entries, newest first, searched by identity number or name. */
export async function listEntries(
  ctx: Ctx,
  campaignId: string,
  query: { page: number; pageSize: number; q?: string | undefined },
): Promise<Page<EntryRow>> {
  const actor = actorOf(ctx);
  const filter: EntryFilter = { tenantId: actor.tenantId, campaignId, q: query.q };
  return inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, actor.tenantId, campaignId);
    const [total, rows] = await oneByOne(
      () => countEntries(tx, filter),
      () =>
        findEntries(tx, filter, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
          newestFirst: true,
        }),
    );
    return {
      items: rows.map((r) => toEntryRow(r, shouldMask(actor.role))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

const ENTRIES_EXPORT_HEADER = ['entry_id', 'created_at', 'cedula', 'name', 'department', 'points', 'code'];

/** The entries export, streamed in batches of 5,000 by entry id (bounded memory); audited. */
export async function entriesExport(
  ctx: Ctx,
  campaignId: string,
  query: { q?: string | undefined; format: 'csv' | 'xlsx' },
): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter: EntryFilter = { tenantId: actor.tenantId, campaignId, q: query.q };
  const mask = shouldMask(actor.role);
  await inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, actor.tenantId, campaignId);
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'raffle.entries_export',
      entityType: 'campaign',
      entityId: campaignId,
      details: { format: query.format, q: query.q ?? null },
    });
  });
  async function* batches() {
    let afterId: string | undefined;
    for (;;) {
      const cursor = afterId;
      const rows = await readInTenant(ctx, (tx) =>
        findEntries(tx, filter, { limit: 5000, ...(cursor ? { afterId: cursor } : {}) }),
      );
      const last = rows[rows.length - 1];
      if (!last) return;
      afterId = last.id;
      yield rows.map((r) => {
        const e = toEntryRow(r, mask);
        return [e.id, e.createdAt, e.cedula, e.name, e.department, e.points, e.code];
      });
    }
  }
  return query.format === 'xlsx'
    ? xlsxStream('Participaciones', ENTRIES_EXPORT_HEADER, batches())
    : csvStream(ENTRIES_EXPORT_HEADER, batches());
}
