// The raw-COPY reference of code generation: `count` random codes of the product's alphabet and
// length, streamed by one `COPY … FROM STDIN` (pg-copy-streams) into a fresh copy of the
// reward-codes table with the same indexes, defaults and checks (`LIKE reward_codes INCLUDING
// ALL`), on the same PostgreSQL in the same run. Answers seconds. The copy has no foreign keys
// unless `foreignKeys` is set: then it gets every foreign key of reward_codes too (the tenant and
// the campaign are checked for each row, as in the real table).
import { randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';

const ALPHABET = Buffer.from('23456789ABCDEFGHJKLMNPQRSTUVWXYZ');
const PIECE = 10_000;

/** `size` rows `tenant\tcode\tcampaign\tbatch\n` with random codes of `length` symbols. */
function rows(size, length, head, tail) {
  const width = head.length + length + tail.length;
  const out = Buffer.allocUnsafe(size * width);
  const bytes = randomBytes(size * length);
  for (let i = 0; i < size; i++) {
    const at = i * width;
    head.copy(out, at);
    for (let j = 0; j < length; j++) out[at + head.length + j] = ALPHABET[bytes[i * length + j] & 31];
    tail.copy(out, at + head.length + length);
  }
  return out;
}

export async function rawCopySeconds({
  databaseUrl,
  count,
  length,
  tenantId,
  campaignId,
  foreignKeys = false,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `bench_raw_copy_${process.pid}`;
  try {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`CREATE TABLE ${table} (LIKE reward_codes INCLUDING ALL)`);
    if (foreignKeys) {
      const { rows: keys } = await client.query(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
         WHERE conrelid = 'reward_codes'::regclass AND contype = 'f'`,
      );
      for (const { def } of keys) await client.query(`ALTER TABLE ${table} ADD ${def}`);
    }
    const head = Buffer.from(`${tenantId}\t`);
    const tail = Buffer.from(`\t${campaignId}\t${crypto.randomUUID()}\n`);
    const started = performance.now();
    const stream = client.query(
      copyStreams.from(`COPY ${table} (tenant_id, code, campaign_id, batch_id) FROM STDIN`),
    );
    const done = finished(stream);
    for (let made = 0; made < count; made += PIECE) {
      if (!stream.write(rows(Math.min(PIECE, count - made), length, head, tail)))
        await new Promise((resolve) => stream.once('drain', resolve));
    }
    stream.end();
    await done;
    const seconds = (performance.now() - started) / 1000;
    const { rows: counted } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
    if (counted[0].n !== count) throw new Error(`raw COPY loaded ${counted[0].n} rows, not ${count}`);
    return seconds;
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
    await client.end();
  }
}
