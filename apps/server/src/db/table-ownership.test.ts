import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

/**
 * Each table belongs to the feature whose migration and repository define and manage it (or to the
 * platform). A repository names only its own feature's tables; it reaches another's data through
 * that feature's face. The one exception is a single statement that must touch two features' tables
 * at once (a race settled, an invariant kept, a read the hot path keeps in one round trip): its function
 * carries `crosses into <feature>: <why>` and `docs/architecture.md` ("Boundaries") lists it.
 */
const OWNERS: Record<string, string> = {
  audit_log: 'platform',
  blacklist: 'blacklist',
  campaign_centres: 'centres',
  campaign_groups: 'campaigns',
  campaign_rules: 'campaigns',
  campaigns: 'campaigns',
  centre_group_members: 'centres',
  centre_groups: 'centres',
  countries: 'countries',
  customer_otps: 'marketplace',
  departments: 'countries',
  idempotency_keys: 'platform',
  images: 'images',
  instant_award_moments: 'instant-awards',
  instant_award_prizes: 'instant-awards',
  instant_award_seals: 'instant-awards',
  jobs: 'platform',
  landing_groups: 'landings',
  landing_versions: 'landings',
  landings: 'landings',
  marketplace_products: 'marketplace',
  marketplaces: 'marketplace',
  orders: 'marketplace',
  outbox: 'platform',
  participant_claims: 'participants',
  participants: 'participants',
  participations: 'participations',
  password_resets: 'users',
  points_accounts: 'points',
  points_ledger: 'points',
  product_codes: 'products',
  product_lot_shops: 'products',
  product_lots: 'products',
  product_shop_stock: 'products',
  product_stock_slots: 'products',
  products: 'products',
  raffle_codes: 'raffles',
  raffle_commitments: 'raffles',
  raffle_draws: 'raffles',
  raffle_entries: 'raffles',
  redeem_code_batches: 'points',
  redeem_codes: 'points',
  redemption_centres: 'centres',
  redemptions: 'reward-codes',
  reward_codes: 'reward-codes',
  sign_in_attempts: 'auth',
  tenants: 'tenants',
  users: 'users',
};

const here = import.meta.dirname;
const featuresDir = join(here, '..', 'features');
const migrationsDir = join(here, 'migrations');

/** The schema's tables by their exported name. */
const schemaTables = new Map<string, string>();
for (const [name, value] of Object.entries(schema) as Array<[string, unknown]>) {
  if (typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value)
    schemaTables.set(name, getTableConfig(value as PgTable).name);
}

/** Tables the migrations leave in place (created and not dropped later). */
function migratedTables(): Set<string> {
  const tables = new Set<string>();
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(migrationsDir, file), 'utf8');
    for (const [, name] of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi))
      tables.add(name as string);
    for (const [, name] of text.matchAll(/DROP TABLE (?:IF EXISTS )?([a-z_]+)/gi))
      tables.delete(name as string);
  }
  return tables;
}

type Crossing = { file: string; line: number; table: string; owner: string; text: string };

/** Top-level declarations with their doc comments: a mark anywhere in one covers its statement. */
function declarations(lines: string[]): Array<{ start: number; lines: string[] }> {
  const found: Array<{ start: number; lines: string[] }> = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1] ?? '';
    const inComment = previous.trimEnd().endsWith('*/') || previous.startsWith('//');
    const starts = /^(\/\*\*|\/\/)/.test(line)
      ? !inComment
      : /^(export|async|function|const|let|type)\b/.test(line) && !inComment;
    if (starts || found.length === 0) found.push({ start: i, lines: [] });
    found.at(-1)?.lines.push(line);
  });
  return found;
}

/**
 * The declarations of a repository naming another feature's table (through the schema import or in
 * SQL text) without a `crosses into <owner>:` mark.
 */
function unmarkedCrossings(feature: string, file: string, text: string): Crossing[] {
  const schemaImport = text.match(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema\.ts';?/);
  const imported = (schemaImport?.[1] ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter((name) => schemaTables.has(name));
  // the import is blanked line for line, so the reported line numbers stay the file's
  const body = schemaImport ? text.replace(schemaImport[0], schemaImport[0].replace(/[^\n]/g, '')) : text;
  const found: Crossing[] = [];
  for (const declaration of declarations(body.split('\n'))) {
    const whole = declaration.lines.join('\n');
    const reported = new Set<string>();
    declaration.lines.forEach((content, i) => {
      if (/^\s*(\/\*\*|\*|\/\/)/.test(content)) return;
      const named = new Set<string>();
      for (const name of imported) {
        if (new RegExp(`(?<![\\w.'"])${name}\\b(?!\\s*:(?!:))`).test(content))
          named.add(schemaTables.get(name) as string);
      }
      for (const [, table] of content.matchAll(/\b(?:from|join|into|update)\s+([a-z_]+)\b/gi)) {
        if (table && table in OWNERS) named.add(table);
      }
      for (const table of named) {
        const owner = OWNERS[table] as string;
        if (owner === feature || reported.has(table) || whole.includes(`crosses into ${owner}:`)) continue;
        reported.add(table);
        found.push({
          file: `${feature}/${file}`,
          line: declaration.start + i + 1,
          table,
          owner,
          text: content.trim(),
        });
      }
    });
  }
  return found;
}

describe('table ownership', () => {
  it('every table of the schema and of the migrations has exactly one owner', () => {
    const inSchema = new Set(schemaTables.values());
    const migrated = migratedTables();
    expect(
      [...inSchema].filter((t) => !(t in OWNERS)),
      'schema tables without an owner',
    ).toEqual([]);
    expect(
      [...migrated].filter((t) => !(t in OWNERS)),
      'migrated tables without an owner',
    ).toEqual([]);
    expect(
      Object.keys(OWNERS).filter((t) => !inSchema.has(t) || !migrated.has(t)),
      'owners of tables that no longer exist',
    ).toEqual([]);
  });

  it("a repository names only its own feature's tables, or marks the statement that must cross", () => {
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    const crossings: Crossing[] = [];
    let repositories = 0;
    for (const feature of features) {
      for (const file of readdirSync(join(featuresDir, feature.name)).filter((f) =>
        f.endsWith('.repository.ts'),
      )) {
        repositories += 1;
        crossings.push(
          ...unmarkedCrossings(
            feature.name,
            file,
            readFileSync(join(featuresDir, feature.name, file), 'utf8'),
          ),
        );
      }
    }
    expect(repositories).toBeGreaterThan(20);
    expect(crossings.map((c) => `${c.file}:${c.line} names ${c.table} of ${c.owner}: ${c.text}`)).toEqual([]);
  });

  it('flags an unmarked crossing, in SQL text and through the schema, and passes a marked one', () => {
    const text = [
      "import { participants } from '../../db/schema.ts';",
      'const a = sql`select p.name from participants p`;',
      'export function b(tx: Tx) {',
      '  return tx.select().from(participants);',
      '}',
      '/** crosses into participants: the page filters on the name */',
      'export function c(tx: Tx) {',
      '  return tx.select().from(participants);',
      '}',
      'const d = sql`select 1 from points_accounts a -- crosses into points: one statement`;',
      'const e = sql`select 1 from orders`;',
    ].join('\n');
    expect(unmarkedCrossings('marketplace', 'x.repository.ts', text).map((c) => [c.line, c.table])).toEqual([
      [2, 'participants'],
      [4, 'participants'],
    ]);
  });
});
