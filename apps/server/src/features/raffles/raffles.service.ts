import type { Readable } from 'node:stream';
import {
  type DrawCertificate,
  type DrawResult,
  type DrawSummary,
  drawOptionsInWords,
  drawVerificationSteps,
  type EntryRow,
  localDateTime,
  type Page,
} from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant, readInTenant, streamInTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { once, type ReportColumn, reportStream } from '../../platform/report.ts';
import { getCampaignRow } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
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

/**
 * The certificate as a page to print (no script; every value escaped): who drew by name, dates in
 * the tenant's time zone, the options in words and the verification steps in plain Spanish.
 */
export function certificateHtml(result: DrawResult, verifyUrl: string): string {
  const c = result.certificate;
  const when = (iso: string) => `${localDateTime(iso, result.timeZone)} (hora de ${result.timeZone})`;
  const rows = (list: DrawResult['winners'], role: string) =>
    list
      .map(
        (p) =>
          `<tr><td>${p.position}</td><td>${role}</td><td>${escapeHtml(p.entryId)}</td><td>${escapeHtml(p.name ?? '')}</td><td>${escapeHtml(p.cedula.replace(/.(?=.{3})/g, '•'))}</td></tr>`,
      )
      .join('');
  const field = (label: string, value: string | number | null) =>
    `<tr><th>${label}</th><td>${escapeHtml(String(value ?? '—'))}</td></tr>`;
  const code = (label: string, value: string | number | null) =>
    `<tr><th>${label}</th><td><code>${escapeHtml(String(value ?? '—'))}</code></td></tr>`;
  const list = (items: string[]) => items.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Certificado de sorteo ${escapeHtml(c.drawId)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #999;padding:.3rem .6rem;text-align:left}code{word-break:break-all}@media print{body{margin:0}}</style></head>
<body><h1>Certificado de sorteo</h1><p>Campaña <strong>${escapeHtml(c.campaignName)}</strong></p>
<table>${field('Fecha y hora', when(c.drawnAt))}${field('Realizado por', result.drawnByName)}${field('Participaciones', c.entriesCount)}${c.commitment ? field('Compromiso registrado', `${when(c.commitment.committedAt)} (${c.commitment.kind === 'public_value' ? 'valor público' : 'secreto del servidor'})`) + (c.commitment.source ? field('Fuente pública', c.commitment.source) + field('Valor publicado', c.commitment.value) : '') : ''}${c.replacesDrawId ? field('Motivo del nuevo sorteo', c.reason) : ''}</table>
<h2>Opciones</h2><ul>${list(drawOptionsInWords(c.options, result.timeZone))}</ul>
<table><thead><tr><th>Posición</th><th>Rol</th><th>Participación</th><th>Nombre</th><th>Identificación</th></tr></thead><tbody>${rows(result.winners, 'Ganador')}${rows(result.alternates, 'Suplente')}</tbody></table>
<h2>Cómo verificarlo</h2><ol>${list(drawVerificationSteps(verifyUrl))}</ol>
<h2>Datos técnicos</h2><table>${code('Sorteo', c.drawId)}${code('Algoritmo', c.algorithm)}${code('Peso total', c.totalWeight)}${code('SHA-256 de la lista', c.entriesHash)}${code('Compromiso de la semilla', c.seedCommitment)}${code('Semilla', c.seed)}${c.replacesDrawId ? code('Reemplaza al sorteo', c.replacesDrawId) : ''}</table></body></html>`;
}

const WINNERS_COLUMNS: ReportColumn[] = [
  { header: 'Sorteo' },
  { header: 'Fecha del sorteo', type: 'datetime' },
  { header: 'Posición', type: 'number' },
  { header: 'Rol' },
  { header: 'Participación' },
  { header: 'Identificación' },
  { header: 'Nombre' },
  { header: 'Notificación' },
];
const ROLE_ES = { winner: 'Ganador', alternate: 'Suplente' } as const;

/** Winners and alternates of the campaign's standing draws; only raffle campaigns have them. */
export async function winnersReport(ctx: Ctx, campaignId: string, format: 'csv' | 'xlsx'): Promise<Readable> {
  const { tenantId } = actorOf(ctx);
  const { rows, timeZone } = await inTenant(ctx, async (tx) => {
    const campaign = await getCampaignRow(tx, tenantId, campaignId);
    if (campaign.kind !== 'raffle') throw new AppError('REPORT_ONLY_FOR_RAFFLES');
    const country = await findCountryCached(ctx, campaign.countryCode, tx);
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
    const lines = certificates.flatMap((c) =>
      [
        ...c.winners.map((e) => ({ e, role: 'winner' as const })),
        ...c.alternates.map((e) => ({ e, role: 'alternate' as const })),
      ].map(({ e, role }) => {
        const name = people.get(e.participantId)?.name ?? null;
        return [
          c.drawId,
          new Date(c.drawnAt),
          e.position,
          ROLE_ES[role],
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
                timeZone: country?.timeZone ?? 'UTC',
              })
            : '',
        ];
      }),
    );
    return { rows: lines, timeZone: country?.timeZone ?? 'UTC' };
  });
  return reportStream(format, timeZone, [{ name: 'Ganadores', columns: WINNERS_COLUMNS, rows: once(rows) }]);
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

const entriesColumns = (departmentLabel: string): ReportColumn[] => [
  { header: 'Participación' },
  { header: 'Fecha', type: 'datetime' },
  { header: 'Identificación' },
  { header: 'Nombre' },
  { header: departmentLabel },
  { header: 'Puntos', type: 'number' },
  { header: 'Código' },
];

/** The entries export, streamed in batches of 5,000 by entry id (bounded memory); audited. */
export async function entriesExport(
  ctx: Ctx,
  campaignId: string,
  query: { q?: string | undefined; format: 'csv' | 'xlsx' },
): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter: EntryFilter = { tenantId: actor.tenantId, campaignId, q: query.q };
  const mask = shouldMask(actor.role);
  const country = await inTenant(ctx, async (tx) => {
    const campaign = await raffleCampaign(tx, actor.tenantId, campaignId);
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'raffle.entries_export',
      entityType: 'campaign',
      entityId: campaignId,
      // whether the list was searched, not the search: it may be an identity number or a name,
      // and the audit trail outlives a person's erasure (it is append-only)
      details: { format: query.format, searched: Boolean(query.q) },
    });
    return findCountryCached(ctx, campaign.countryCode, tx);
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
        return [e.id, new Date(e.createdAt), e.cedula, e.name, e.department, e.points, e.code];
      });
    }
  }
  return reportStream(query.format, country?.timeZone ?? 'UTC', [
    {
      name: 'Participaciones',
      columns: entriesColumns(country?.departmentLabel ?? 'Departamento'),
      rows: batches(),
    },
  ]);
}
