/**
 * Drizzle table definitions for typed queries. The SQL migrations in ./migrations are the source
 * of truth for the database; `schema.test.ts` checks that these definitions match them.
 */
import {
  bigint,
  boolean,
  char,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** bytea: a Buffer from pg, a Uint8Array from PGlite; read it through Buffer.from. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  phoneDigits: integer('phone_digits').notNull(),
  identityLabel: text('identity_label').notNull(),
  identityPattern: text('identity_pattern').notNull(),
  identityExample: text('identity_example'),
  departmentLabel: text('department_label').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const departments = pgTable(
  'departments',
  {
    countryCode: char('country_code', { length: 2 }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.position] })],
);

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'suspended'] }).notNull(),
  isPlatform: boolean('is_platform').notNull(),
  countryCode: char('country_code', { length: 2 }),
  theme: jsonb('theme').notNull(),
  config: jsonb('config').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    username: text('username').notNull(),
    name: text('name'),
    email: text('email'),
    role: text('role', { enum: ['SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR'] }).notNull(),
    centreId: uuid('centre_id'),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: integer('token_version').notNull(),
    active: boolean('active').notNull(),
    configuration: jsonb('configuration').notNull(),
    lastLoginAt: at('last_login_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: uuid('tenant_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tokenHash] })],
);

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    tenantId: uuid('tenant_id').notNull(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    firstFailureAt: at('first_failure_at').notNull(),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountKey, t.address] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    details: jsonb('details').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const outbox = pgTable(
  'outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: at('failed_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const campaignGroups = pgTable(
  'campaign_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const campaigns = pgTable(
  'campaigns',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    kind: text('kind', {
      enum: ['reward_code', 'raffle', 'instant_award', 'marketplace', 'points'],
    }).notNull(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    redeemFrom: at('redeem_from'),
    redeemUntil: at('redeem_until'),
    terms: text('terms'),
    /** The privacy notice, sanitised rich text like the terms. */
    privacy: text('privacy'),
    groupId: uuid('group_id'),
    settings: jsonb('settings').notNull(),
    formFields: jsonb('form_fields'),
    active: boolean('active').notNull(),
    activatedAt: at('activated_at'),
    archived: boolean('archived').notNull(),
    /** Grows by one on every write of the row; a PATCH sent with a stale one is refused (STALE_WRITE). */
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const campaignRules = pgTable(
  'campaign_rules',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id'),
    groupId: uuid('group_id'),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const blacklist = pgTable(
  'blacklist',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind', { enum: ['cedula', 'phone', 'email'] }).notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    campaignId: uuid('campaign_id'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const participants = pgTable(
  'participants',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    cedula: text('cedula'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    birthdate: date('birthdate', { mode: 'string' }),
    birthYear: integer('birth_year'),
    sex: text('sex', { enum: ['female', 'male', 'other'] }),
    department: text('department'),
    consentAt: at('consent_at'),
    /** When the person proved control of `email` / `phone` with a one-time code (migration 0043). */
    emailVerifiedAt: at('email_verified_at'),
    phoneVerifiedAt: at('phone_verified_at'),
    erasedAt: at('erased_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Details typed under a person's identity number that differ from the stored ones (migration 0043). */
export const participantClaims = pgTable(
  'participant_claims',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    participantId: uuid('participant_id').notNull(),
    field: text('field', { enum: ['name', 'email', 'phone', 'birthdate', 'sex', 'department'] }).notNull(),
    value: text('value').notNull(),
    campaignId: uuid('campaign_id'),
    times: integer('times').notNull(),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const participations = pgTable(
  'participations',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    answers: jsonb('answers').notNull(),
    landingId: uuid('landing_id'),
    deviceClass: smallint('device_class').notNull(),
    department: text('department'),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    consentAt: at('consent_at').notNull(),
    outcome: jsonb('outcome').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const PLATFORM_TENANT_ID = '00000000-0000-0000-0000-000000000000';

// --- landings (0003_landings.sql) ------------------------------------------------------------

export const landings = pgTable(
  'landings',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    name: text('name').notNull(),
    document: jsonb('document').notNull(),
    version: integer('version').notNull().default(1),
    publishedVersion: integer('published_version'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const landingVersions = pgTable(
  'landing_versions',
  {
    tenantId: uuid('tenant_id').notNull(),
    landingId: uuid('landing_id').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
    publishedBy: uuid('published_by'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.landingId, t.version] })],
);

export const landingGroups = pgTable(
  'landing_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    landingIds: uuid('landing_ids').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// --- reward codes, centres, redemptions, jobs (0004) ------------------------------------------

export const redemptionCentres = pgTable(
  'redemption_centres',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: char('code', { length: 6 }).notNull(),
    name: text('name').notNull(),
    address: text('address'),
    department: text('department'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    hours: text('hours'),
    active: boolean('active').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const centreGroups = pgTable(
  'centre_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const centreGroupMembers = pgTable(
  'centre_group_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    centreId: uuid('centre_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.groupId, t.centreId] })],
);

export const campaignCentres = pgTable('campaign_centres', {
  tenantId: uuid('tenant_id').notNull(),
  campaignId: uuid('campaign_id').notNull(),
  centreId: uuid('centre_id'),
  groupId: uuid('group_id'),
});

export const rewardCodes = pgTable(
  'reward_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    code: text('code').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    status: text('status', { enum: ['available', 'assigned', 'redeemed', 'revoked'] }).notNull(),
    batchId: uuid('batch_id'),
    participantId: uuid('participant_id'),
    participationId: uuid('participation_id'),
    assignedAt: at('assigned_at'),
    redeemedAt: at('redeemed_at'),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Pickup vouchers (0008): redeemable only at this shop. */
    centreId: uuid('centre_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

export const redemptions = pgTable(
  'redemptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    centreId: uuid('centre_id').notNull(),
    operatorId: uuid('operator_id'),
    redeemedAt: at('redeemed_at').notNull(),
    reversedAt: at('reversed_at'),
    reversedBy: uuid('reversed_by'),
    reversalReason: text('reversal_reason'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const jobs = pgTable(
  'jobs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    params: jsonb('params').notNull(),
    progress: integer('progress').notNull(),
    total: integer('total').notNull(),
    result: jsonb('result'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    heartbeatAt: at('heartbeat_at'),
    finishedAt: at('finished_at'),
    runKey: text('run_key'),
    lease: uuid('lease'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const instantAwardPrizes = pgTable(
  'instant_award_prizes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
    stock: integer('stock').notNull(),
    awarded: integer('awarded').notNull(),
    centreId: uuid('centre_id'),
    department: text('department'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const instantAwardSeals = pgTable(
  'instant_award_seals',
  {
    tenantId: uuid('tenant_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    hash: char('hash', { length: 64 }).notNull(),
    salt: char('salt', { length: 32 }).notNull(),
    moments: integer('moments').notNull(),
    sealedAt: at('sealed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.campaignId] })],
);

export const instantAwardMoments = pgTable(
  'instant_award_moments',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    prizeId: uuid('prize_id').notNull(),
    at: at('at').notNull(),
    participationId: uuid('participation_id'),
    participantId: uuid('participant_id'),
    awardedAt: at('awarded_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const raffleEntries = pgTable(
  'raffle_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    participationId: uuid('participation_id'),
    code: text('code'),
    points: integer('points').notNull(),
    department: text('department'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const raffleDraws = pgTable(
  'raffle_draws',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    replacesDrawId: uuid('replaces_draw_id'),
    reason: text('reason'),
    options: jsonb('options').notNull(),
    lastEntryId: bigint('last_entry_id', { mode: 'number' }).notNull(),
    excluded: jsonb('excluded').notNull(),
    entriesCount: integer('entries_count').notNull(),
    totalWeight: bigint('total_weight', { mode: 'number' }).notNull(),
    entriesHash: char('entries_hash', { length: 64 }).notNull(),
    seed: char('seed', { length: 64 }).notNull(),
    seedCommitment: char('seed_commitment', { length: 64 }).notNull(),
    algorithm: text('algorithm').notNull(),
    winners: jsonb('winners').notNull(),
    alternates: jsonb('alternates').notNull(),
    drawnBy: uuid('drawn_by'),
    drawnAt: at('drawn_at').notNull(),
    commitment: jsonb('commitment'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const raffleCommitments = pgTable(
  'raffle_commitments',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    kind: text('kind', { enum: ['server_secret', 'public_value'] }).notNull(),
    source: text('source'),
    secret: char('secret', { length: 64 }),
    seedCommitment: char('seed_commitment', { length: 64 }),
    options: jsonb('options').notNull(),
    lastEntryId: bigint('last_entry_id', { mode: 'number' }).notNull(),
    excluded: jsonb('excluded').notNull(),
    entriesCount: integer('entries_count').notNull(),
    totalWeight: bigint('total_weight', { mode: 'number' }).notNull(),
    entriesHash: char('entries_hash', { length: 64 }).notNull(),
    committedBy: uuid('committed_by'),
    committedAt: at('committed_at').notNull(),
    drawId: uuid('draw_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const raffleCodes = pgTable(
  'raffle_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    code: text('code').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    points: integer('points').notNull(),
    status: text('status', { enum: ['available', 'used'] }).notNull(),
    participantId: uuid('participant_id'),
    participationId: uuid('participation_id'),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

export const images = pgTable(
  'images',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// --- products, redeem codes and points (0007_points.sql) -----------------------------------

export const products = pgTable(
  'products',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: ['physical', 'digital'] }).notNull(),
    redeemWith: text('redeem_with', { enum: ['points', 'code'] }).notNull(),
    pricePoints: integer('price_points'),
    stock: integer('stock').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    active: boolean('active').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const productCodes = pgTable(
  'product_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['available', 'claimed'] }).notNull(),
    orderId: uuid('order_id'),
    claimedAt: at('claimed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productId, t.code] })],
);

export const productLots = pgTable(
  'product_lots',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    reference: text('reference'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const productLotShops = pgTable(
  'product_lot_shops',
  {
    tenantId: uuid('tenant_id').notNull(),
    lotId: uuid('lot_id').notNull(),
    centreId: uuid('centre_id').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.lotId, t.centreId] })],
);

export const productShopStock = pgTable(
  'product_shop_stock',
  {
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    centreId: uuid('centre_id').notNull(),
    received: integer('received').notNull(),
    claimed: integer('claimed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productId, t.centreId] })],
);

/** Units of a physical product at a shop parked for buyers (migration 0022, decision 025). */
export const productStockSlots = pgTable(
  'product_stock_slots',
  {
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    centreId: uuid('centre_id').notNull(),
    slot: integer('slot').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productId, t.centreId, t.slot] })],
);

export const redeemCodeBatches = pgTable(
  'redeem_code_batches',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    name: text('name'),
    points: integer('points'),
    productId: uuid('product_id'),
    source: text('source', { enum: ['generated', 'uploaded'] }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const redeemCodes = pgTable(
  'redeem_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    code: text('code').notNull(),
    batchId: uuid('batch_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    status: text('status', { enum: ['available', 'used'] }).notNull(),
    participantId: uuid('participant_id'),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

export const pointsAccounts = pgTable(
  'points_accounts',
  {
    tenantId: uuid('tenant_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    balance: integer('balance').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.campaignId, t.participantId] })],
);

export const pointsLedger = pgTable(
  'points_ledger',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    kind: text('kind', {
      enum: ['code_credit', 'purchase', 'adjustment', 'redemption', 'expiry'],
    }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason'),
    redeemCode: text('redeem_code'),
    orderId: uuid('order_id'),
    expiresAt: at('expires_at'),
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// --- marketplaces and orders (0008_marketplace.sql) ----------------------------------------

export const marketplaces = pgTable(
  'marketplaces',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    templateId: text('template_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    opensAt: at('opens_at'),
    closesAt: at('closes_at'),
    appearance: jsonb('appearance').$type<Record<string, unknown>>().notNull(),
    active: boolean('active').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const marketplaceProducts = pgTable(
  'marketplace_products',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketplaceId: uuid('marketplace_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.marketplaceId, t.productId] })],
);

export const orders = pgTable(
  'orders',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    marketplaceId: uuid('marketplace_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    productId: uuid('product_id').notNull(),
    paidWith: text('paid_with', { enum: ['points', 'code'] }).notNull(),
    points: integer('points').notNull(),
    redeemCode: text('redeem_code'),
    centreId: uuid('centre_id'),
    productCode: text('product_code'),
    voucherCode: text('voucher_code'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customerOtps = pgTable(
  'customer_otps',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
    /** The address the code went to: the code proves control of that one only. */
    sentTo: text('sent_to'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
