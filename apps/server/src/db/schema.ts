/**
 * Drizzle table definitions for typed queries. The SQL migrations in ./migrations are the source
 * of truth for the database; `schema.test.ts` checks that these definitions match them.
 */
import {
  bigint,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const loginThrottle = pgTable(
  'login_throttle',
  {
    tenantId: uuid('tenant_id').notNull(),
    usernameKey: text('username_key').notNull(),
    failures: integer('failures').notNull(),
    firstFailureAt: at('first_failure_at').notNull(),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.usernameKey] })],
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
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const PLATFORM_TENANT_ID = '00000000-0000-0000-0000-000000000000';
