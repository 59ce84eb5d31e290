import type { Readable } from 'node:stream';
import {
  type CrmCreateUser,
  type CrmUserInfo,
  emailAsStored,
  type Page,
  type Participant,
  type ParticipantClaim,
  type UploadReport,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant, readInTenant } from '../../platform/context.ts';
import { readCsvUpload, uniqueOn } from '../../platform/csv-upload.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { maskEmail, maskIdentity, maskPhone, shouldMask } from '../../platform/privacy.ts';
import { type ReportColumn, reportStream } from '../../platform/report.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { findCountry, findCountryCached, tenantCountry } from '../countries/index.ts';
import {
  claimsOf,
  eraseParticipant,
  findParticipant,
  findParticipantByCedula,
  insertParticipant,
  listParticipants as listParticipantRows,
  lockParticipantRow,
  participantsAfter,
  participationsOf,
  toParticipant,
  upsertParticipantRow,
} from './participants.repository.ts';
import { PERSON_COLUMNS, personIssues } from './person-rules.ts';

function masked(participant: Participant): Participant {
  return {
    ...participant,
    cedula: maskIdentity(participant.cedula),
    email: maskEmail(participant.email),
    phone: maskPhone(participant.phone),
    birthdate: participant.birthdate ? `${participant.birthdate.slice(0, 4)}-••-••` : null,
  };
}

/** A claim as an analyst sees it: contact and birth date masked like the person's own. */
function maskedClaim(claim: ParticipantClaim): ParticipantClaim {
  const value =
    claim.field === 'email'
      ? maskEmail(claim.value)
      : claim.field === 'phone'
        ? maskPhone(claim.value)
        : claim.field === 'birthdate'
          ? `${claim.value.slice(0, 4)}-••-••`
          : claim.value;
  return { ...claim, value: value ?? '' };
}

function forRole(ctx: Ctx, participant: Participant): Participant {
  return shouldMask(actorOf(ctx).role) ? masked(participant) : participant;
}

export async function listParticipants(
  ctx: Ctx,
  query: Parameters<typeof listParticipantRows>[2],
): Promise<Page<Participant>> {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listParticipantRows(tx, tenantId, query));
  return {
    items: rows.map((r) => forRole(ctx, toParticipant(r.row, r.n))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A person by identity number with their participations across campaigns (the CRM look-up). */
export async function getUserInfo(ctx: Ctx, cedula: string): Promise<CrmUserInfo> {
  const { tenantId } = actorOf(ctx);
  if (/[\s-]/.test(cedula)) throw new AppError('IDENTITY_INVALID');
  return inTenant(ctx, async (tx) => {
    const found = await findParticipantByCedula(tx, tenantId, cedula);
    if (!found) throw new AppError('IDENTITY_INVALID');
    const history = await participationsOf(tx, tenantId, found.row.id);
    const participant = toParticipant(found.row, found.n);
    // what still differs: a claim the stored value has since become is no discrepancy
    const claims = (await claimsOf(tx, tenantId, found.row.id)).filter(
      (claim) => claim.value !== participant[claim.field],
    );
    return {
      participant: forRole(ctx, participant),
      claims: shouldMask(actorOf(ctx).role) ? claims.map(maskedClaim) : claims,
      participations: history.map((p) => ({
        id: p.id,
        campaignId: p.campaignId,
        campaignName: p.campaignName,
        campaignTitle: p.campaignTitle,
        kind: p.kind,
        createdAt: p.createdAt.toISOString(),
        deviceClass: p.deviceClass,
        outcome: p.outcome as Record<string, unknown>,
      })),
    };
  });
}

/** Creates a person from the back-office, checked against the country's identity and phone rules. */
export async function createCrmUser(ctx: Ctx, input: CrmCreateUser): Promise<Participant> {
  const { tenantId } = actorOf(ctx);
  const now = ctx.clock.now();
  try {
    return await inTenant(ctx, async (tx) => {
      const country = await findCountry(tx, input.countryCode);
      if (!country) throw fieldError('countryCode', 'FIELD_INVALID');
      const { countryCode: _country, ...person } = input;
      const issues = personIssues(person, country, now);
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);
      const row = await insertParticipant(tx, {
        tenantId,
        cedula: input.cedula,
        name: input.name || null,
        email: input.email ? emailAsStored(input.email) : null,
        phone: input.phone || null,
        birthdate: input.birthdate || null,
        birthYear: input.birthdate ? Number(input.birthdate.slice(0, 4)) : null,
        sex: input.sex ?? null,
        department: input.department || null,
      });
      await audit(tx, ctx, {
        tenantId,
        action: 'participant.create',
        entityType: 'participant',
        entityId: row.id,
      });
      return toParticipant(row, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('PARTICIPANT_EXISTS', [{ path: 'cedula', code: 'PARTICIPANT_EXISTS' }]);
    throw error;
  }
}

/** Everything the platform holds about one person (a subject-access request); audited. */
export async function exportPerson(ctx: Ctx, id: string) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const found = await findParticipant(tx, tenantId, id);
    if (!found) throw new AppError('NOT_FOUND');
    const history = await participationsOf(tx, tenantId, id);
    await audit(tx, ctx, { tenantId, action: 'participant.export', entityType: 'participant', entityId: id });
    return {
      participant: toParticipant(found.row, found.n),
      claims: await claimsOf(tx, tenantId, id),
      participations: history.map((p) => ({
        ...p,
        createdAt: p.createdAt.toISOString(),
        outcome: p.outcome as Record<string, unknown>,
        answers: p.answers as Record<string, unknown>,
      })),
    };
  });
}

/** Erases a person on request; statistics keep their anonymous department, sex and birth year. */
export async function erasePerson(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await eraseParticipant(tx, tenantId, id, ctx.clock.now()))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { tenantId, action: 'participant.erase', entityType: 'participant', entityId: id });
  });
}

const SEX_ES = { female: 'Mujer', male: 'Hombre', other: 'Otro' } as const;

/** The export's columns; the divisions are named as the tenant's country names them (Provincia, Departamento). */
const exportColumns = (departmentLabel: string): ReportColumn[] => [
  { header: 'Id' },
  { header: 'Identificación' },
  { header: 'Nombre' },
  { header: 'Correo' },
  { header: 'Teléfono' },
  { header: 'Fecha de nacimiento', type: 'date' },
  { header: 'Sexo' },
  { header: departmentLabel },
  { header: 'Consentimiento', type: 'datetime' },
  { header: 'Registrado', type: 'datetime' },
];

/** The tenant's participants as CSV or XLSX, streamed in batches (bounded memory); audited, masked for analysts. */
export async function exportParticipants(ctx: Ctx, format: 'csv' | 'xlsx'): Promise<Readable> {
  const { tenantId } = actorOf(ctx);
  const country = await inTenant(ctx, async (tx) => {
    await audit(tx, ctx, { tenantId, action: 'participant.export-all', entityType: 'participant' });
    return tenantCountry(ctx, tx, tenantId);
  });
  const mask = shouldMask(actorOf(ctx).role);
  // each batch is its own short transaction: a long export never holds a connection
  async function* batches() {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await readInTenant(ctx, (tx) => participantsAfter(tx, tenantId, after, 1000));
      const last = batch[batch.length - 1];
      if (!last) return;
      after = last.id;
      yield batch.map((p) => [
        p.id,
        mask ? maskIdentity(p.cedula) : p.cedula,
        p.name,
        mask ? maskEmail(p.email) : p.email,
        mask ? maskPhone(p.phone) : p.phone,
        mask ? null : p.birthdate,
        p.sex ? SEX_ES[p.sex] : null,
        p.department,
        p.consentAt,
        p.createdAt,
      ]);
    }
  }
  return reportStream(format, country?.timeZone ?? 'UTC', [
    {
      name: 'Participantes',
      columns: exportColumns(country?.departmentLabel ?? 'Departamento'),
      rows: batches(),
    },
  ]);
}

/**
 * Imports people from a CSV (columns: cedula, name, email, phone, birthdate, sex, department) in
 * one transaction: valid rows are created or updated, every other row is reported with its line
 * number and each field's reason. Nothing is dropped silently.
 */
export async function uploadParticipants(
  ctx: Ctx,
  countryCode: string,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  const now = ctx.clock.now();
  const country = await findCountryCached(ctx, countryCode);
  if (!country) throw fieldError('countryCode', 'FIELD_INVALID');
  const firstSeen = uniqueOn('cedula');
  const { total, accepted, refusals } = await readCsvUpload<Record<string, string>>(upload, {
    columns: PERSON_COLUMNS,
    required: ['cedula'],
    locale: ctx.locale,
    check: (person, line) => {
      const issues = personIssues(person, country, now).map((i) => ({
        field: i.path,
        code: i.code,
        ...(i.params ? { params: i.params } : {}),
      }));
      return issues.length > 0 ? issues : firstSeen(person.cedula ?? '', line);
    },
  });
  refusals.settle(total, options.onlyValid);
  const report = { total, created: 0, updated: 0 };
  await inTenant(ctx, async (tx) => {
    for (const { row: person } of accepted) {
      const created = await upsertParticipantRow(
        tx,
        {
          tenantId,
          cedula: person.cedula,
          name: person.name || null,
          email: person.email ? emailAsStored(person.email) : null,
          phone: person.phone || null,
          birthdate: person.birthdate || null,
          birthYear: person.birthdate ? Number(person.birthdate.slice(0, 4)) : null,
          sex: (person.sex || null) as 'female' | 'male' | 'other' | null,
          department: person.department || null,
        },
        now,
      );
      if (created) report.created += 1;
      else report.updated += 1;
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'participant.upload',
      entityType: 'participant',
      details: { total, created: report.created, updated: report.updated, refused: refusals.count },
    });
  });
  return { ...report, ...refusals.report() };
}

/** Locks a person's row (by identity number) for the caller's transaction; answers their id or null. */
export async function lockParticipantByCedula(
  tx: Tx,
  tenantId: string,
  cedula: string,
): Promise<string | null> {
  return (await lockParticipantRow(tx, tenantId, cedula)) ?? null;
}
