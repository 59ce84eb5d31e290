import { z } from 'zod';
import { Id, IsoDateTime, Text } from './common.ts';

// --- raffles ---------------------------------------------------------------------------------

const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const DrawQuery = z.object({
  count: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).max(1000).default(1),
  alternates: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(0).max(1000).default(0),
  onePerIdentity: Flag.default(true).describe(
    'one prize per person (default): a person is drawn at most once among winners and alternates; false is recorded on the certificate',
  ),
  excludePreviousWinners: Flag.optional(),
  weighting: z
    .enum(['entries', 'points', 'people'])
    .default('entries')
    .describe('each entry once, each entry by its points, or each person once'),
  department: z.string().max(80).optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});
export type DrawQuery = z.infer<typeof DrawQuery>;

export const DrawOptions = z.object({
  count: z.number(),
  alternates: z.number(),
  onePerIdentity: z.boolean(),
  excludePreviousWinners: z.boolean(),
  weighting: z.enum(['entries', 'points', 'people']),
  department: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type DrawOptions = z.infer<typeof DrawOptions>;

export const DrawnEntry = z.object({
  position: z.number(),
  entryId: z.string(),
  participantId: z.string(),
});
export type DrawnEntry = z.infer<typeof DrawnEntry>;

/** Everything needed to re-run a draw with `npm run verify-draw -- certificate.json entries.csv`. */
export const DrawCertificate = z.object({
  drawId: Id,
  campaignId: Id,
  campaignName: z.string(),
  algorithm: z.string(),
  entriesCount: z.number(),
  totalWeight: z.number(),
  entriesHash: z.string().describe('SHA-256 of the entry list CSV (GET draws/{id}/entries.csv)'),
  seed: z.string(),
  seedCommitment: z.string().describe('SHA-256 of the seed bytes'),
  options: DrawOptions,
  winners: z.array(DrawnEntry),
  alternates: z.array(DrawnEntry),
  disqualified: z.array(DrawnEntry),
  replacesDrawId: z.string().nullable(),
  reason: z.string().nullable(),
  drawnAt: z.string(),
  drawnBy: z.string().nullable(),
  commitment: z
    .object({
      id: Id,
      kind: z.enum(['server_secret', 'public_value']),
      source: z.string().nullable().describe('the public future value named before the draw'),
      value: z
        .string()
        .nullable()
        .describe('the public value as revealed; seed = SHA-256 of its UTF-8 bytes'),
      committedAt: z.string(),
      committedBy: z.string().nullable(),
    })
    .nullable()
    .describe('recorded before the draw; null when the seed was committed in the draw request'),
});
export type DrawCertificate = z.infer<typeof DrawCertificate>;

export const DrawPerson = z.object({
  position: z.number(),
  entryId: z.string(),
  cedula: z.string(),
  name: z.string().nullable(),
  /** Winners only: the text telling the person they won, in the caller's language. */
  notification: z.string().nullable(),
});

export const DrawResult = z.object({
  drawId: Id,
  winners: z.array(DrawPerson),
  alternates: z.array(DrawPerson),
  certificate: DrawCertificate,
  /** The name (or username) of `certificate.drawnBy`, for the printed certificate. */
  drawnByName: z.string().nullable(),
  /** The tenant's time zone: the certificate's dates are shown in it. */
  timeZone: z.string(),
});
export type DrawResult = z.infer<typeof DrawResult>;

export const Redraw = z.strictObject({
  position: z.number().int().min(1),
  reason: Text(500),
});

/** Draw options as sent in a body (the commitment freezes them with the entry list). */
export const DrawOptionsInput = z.strictObject({
  count: z.number({ error: 'FIELD_INVALID' }).int().min(1).max(1000).default(1),
  alternates: z.number({ error: 'FIELD_INVALID' }).int().min(0).max(1000).default(0),
  onePerIdentity: z.boolean().default(true),
  excludePreviousWinners: z.boolean().default(false),
  weighting: z.enum(['entries', 'points', 'people']).default('entries'),
  department: z.string().max(80).optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});

/**
 * A seed commitment recorded before the draw: the server keeps a secret and shows its SHA-256, or
 * the admin names a public future value (a lottery result, a beacon round) entered at the draw.
 */
export const CreateCommitment = z.strictObject({
  kind: z.enum(['server_secret', 'public_value']),
  source: z.string().trim().min(3, { error: 'FIELD_REQUIRED' }).max(300).optional(),
  options: DrawOptionsInput.default({
    count: 1,
    alternates: 0,
    onePerIdentity: true,
    excludePreviousWinners: false,
    weighting: 'entries',
  }),
});
export type CreateCommitment = z.infer<typeof CreateCommitment>;

export const Commitment = z.object({
  id: Id,
  campaignId: Id,
  kind: z.enum(['server_secret', 'public_value']),
  source: z.string().nullable(),
  seedCommitment: z.string().nullable().describe('SHA-256 of the secret seed (server_secret)'),
  options: DrawOptions,
  entriesCount: z.number(),
  totalWeight: z.number(),
  entriesHash: z.string(),
  committedAt: z.string(),
  committedBy: z.string().nullable(),
  drawId: z.string().nullable(),
});
export type Commitment = z.infer<typeof Commitment>;

export const CommitmentDraw = z.strictObject({
  value: z
    .string()
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(300)
    .optional()
    .describe('the public value, as published (public_value only)'),
});

export const DrawSummary = z.object({
  drawId: Id,
  drawnAt: z.string(),
  drawnBy: z.string().nullable(),
  entriesCount: z.number(),
  entriesHash: z.string(),
  winners: z.number(),
  alternates: z.number(),
  replacesDrawId: z.string().nullable(),
  reason: z.string().nullable(),
  replacedBy: z.string().nullable(),
  committed: z.boolean(),
});
export type DrawSummary = z.infer<typeof DrawSummary>;

export const EntryRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  cedula: z.string(),
  name: z.string().nullable(),
  department: z.string().nullable(),
  points: z.number(),
  code: z.string().nullable(),
});
export type EntryRow = z.infer<typeof EntryRow>;
export const EntriesQuery = z.object({
  page: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).max(200).default(20),
  q: z.string().trim().max(100, { error: 'FIELD_TOO_LONG' }).optional(),
});
export const EntriesExportQuery = z.object({
  q: z.string().trim().max(100, { error: 'FIELD_TOO_LONG' }).optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const WinnersReportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const PointsQuery = z.object({ cedula: z.string().min(1).max(40), campaignId: Id.optional() });
export const PointsByIdentification = z.object({
  cedula: z.string(),
  entries: z.number(),
  points: z.number(),
  campaigns: z.array(z.object({ campaignId: Id, name: z.string(), entries: z.number(), points: z.number() })),
});

// --- raffle codes and the raffle form --------------------------------------------------------

const RaffleCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(4)
  .max(40)
  .regex(/^[A-Z0-9-]+$/, { error: 'FIELD_INVALID' });
const CodePoints = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe('entries each code adds (default 1)');

export const CreateRaffleCodes = z.union([
  z.strictObject({
    campaignId: Id,
    count: z
      .number({ error: 'CODE_COUNT_POSITIVE' })
      .int({ error: 'CODE_COUNT_POSITIVE' })
      .min(1, { error: 'CODE_COUNT_POSITIVE' })
      .max(100_000, { error: 'NUMBER_TOO_LARGE' }),
    prefix: z
      .string()
      .regex(/^[A-Z0-9]{1,10}$/, { error: 'FIELD_INVALID' })
      .optional(),
    points: CodePoints,
  }),
  z.strictObject({
    campaignId: Id,
    codes: z.array(RaffleCode).min(1, { error: 'FIELD_REQUIRED' }).max(100_000),
    points: CodePoints,
  }),
]);
export type CreateRaffleCodes = z.infer<typeof CreateRaffleCodes>;
export const CreatedRaffleCodes = z.object({ generated: z.number().int(), length: z.number().int() });

export const ValidateRaffleCode = z.strictObject({
  tenant: z.string().max(40),
  campaign: z.string().max(40),
  code: RaffleCode,
});
export const ValidRaffleCode = z.object({ valid: z.literal(true), points: z.number() });

export const RaffleForm = z.strictObject({
  tenant: z.string().max(40),
  campaign: z.string().max(40),
  answers: z.record(z.string().max(40), z.unknown()),
  consent: z.literal(true, { error: 'CONSENT_REQUIRED' }),
  codes: z.array(RaffleCode).max(20).default([]),
  landingId: Id.optional(),
});
export type RaffleForm = z.infer<typeof RaffleForm>;
export const RaffleFormResult = z.object({ participationId: Id, entries: z.number() });
