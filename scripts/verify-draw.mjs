#!/usr/bin/env node
// Re-runs a raffle draw from its certificate and its entry list, with nothing but Node:
//   npm run verify-draw -- certificate.json entries.csv
// Algorithm promo-draw-v1, documented in apps/server/src/features/raffles/draw-algorithm.ts.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [certificatePath, entriesPath] = process.argv.slice(2);
if (!certificatePath || !entriesPath) {
  console.error('usage: npm run verify-draw -- certificate.json entries.csv');
  process.exit(2);
}
const certificate = JSON.parse(readFileSync(certificatePath, 'utf8'));
const bytes = readFileSync(entriesPath);
const failures = [];

if (certificate.algorithm !== 'promo-draw-v1') failures.push(`unknown algorithm ${certificate.algorithm}`);
const entriesHash = createHash('sha256').update(bytes).digest('hex');
if (entriesHash !== certificate.entriesHash)
  failures.push(`entry list hash ${entriesHash} differs from the certificate's ${certificate.entriesHash}`);
const commitment = createHash('sha256').update(Buffer.from(certificate.seed, 'hex')).digest('hex');
if (commitment !== certificate.seedCommitment)
  failures.push(`seed does not match its commitment ${certificate.seedCommitment}`);

// a seed committed ahead as a public value (lottery result, beacon round) is SHA-256 of its text
const committed = certificate.commitment;
if (committed?.kind === 'public_value') {
  const fromValue = createHash('sha256')
    .update(String(committed.value ?? ''), 'utf8')
    .digest('hex');
  if (fromValue !== certificate.seed)
    failures.push(`seed is not SHA-256 of the public value "${committed.value}" (${committed.source})`);
}
if (committed && !(new Date(committed.committedAt) <= new Date(certificate.drawnAt)))
  failures.push('the commitment is dated after the draw');

const lines = bytes.toString('utf8').split('\n');
if (lines[0] !== 'entry_id,participant,weight') failures.push('unexpected entry list header');
const ids = [];
const participants = [];
const cumulative = [];
let total = 0;
for (const line of lines.slice(1)) {
  if (line === '') continue;
  const [id, participant, weight] = line.split(',');
  total += Number(weight);
  ids.push(id);
  participants.push(participant);
  cumulative.push(total);
}
if (ids.length !== certificate.entriesCount)
  failures.push(`${ids.length} entries, the certificate says ${certificate.entriesCount}`);

const TWO_64 = 1n << 64n;
const key = Buffer.from(certificate.seed, 'hex');
let counter = 0n;
let block = Buffer.alloc(0);
let offset = 32;
function next() {
  if (offset >= 32) {
    const c = Buffer.alloc(8);
    c.writeBigUInt64BE(counter++);
    block = createHmac('sha256', key).update(`promo-draw-v1:${certificate.entriesHash}:`).update(c).digest();
    offset = 0;
  }
  const value = block.readBigUInt64BE(offset);
  offset += 8;
  return value;
}
function uniform(n) {
  const size = BigInt(n);
  const limit = TWO_64 - (TWO_64 % size);
  for (;;) {
    const u = next();
    if (u < limit) return Number(u % size);
  }
}
function firstAbove(r) {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// a redraw keeps every original position: disqualified winners, winners and alternates
const expected = [
  ...certificate.winners,
  ...certificate.alternates,
  ...(certificate.disqualified ?? []),
].sort((a, b) => a.position - b.position);
const onePerIdentity = Boolean(certificate.options?.onePerIdentity);
const units = onePerIdentity ? new Set(participants).size : ids.length;
const picks = Math.min(expected.length, units);
const drawn = [];
const taken = new Set();
const people = new Set();
while (total > 0 && drawn.length < picks) {
  const index = firstAbove(uniform(total));
  if (taken.has(index) || (onePerIdentity && people.has(participants[index]))) continue;
  taken.add(index);
  people.add(participants[index]);
  drawn.push(ids[index]);
}
for (const [i, entry] of expected.entries()) {
  if (String(entry.entryId) !== drawn[i])
    failures.push(`position ${entry.position}: certificate entry ${entry.entryId}, re-run gives ${drawn[i]}`);
}
if (drawn.length !== expected.length)
  failures.push(`${drawn.length} positions re-drawn, certificate has ${expected.length}`);

if (failures.length > 0) {
  for (const f of failures) console.error(`FAIL ${f}`);
  process.exit(1);
}
console.log(
  `OK draw ${certificate.drawId}: ${expected.length} positions from ${ids.length} entries reproduced (${certificate.algorithm})`,
);
if (committed)
  console.log(
    `   seed committed ${committed.committedAt} as ${committed.kind === 'public_value' ? `public value of ${committed.source}` : `server secret, SHA-256 ${certificate.seedCommitment}`}`,
  );
