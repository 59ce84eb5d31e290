/**
 * The draw verifier: re-runs a raffle draw from its certificate (JSON) and its entry list (CSV)
 * with Web Crypto only, so that the same code runs in the browser (`/verify-draw`) and in Node
 * (`npm run verify-draw`). It is deliberately a second implementation of `promo-draw-v1`, apart
 * from the server's `draw-algorithm.ts` that draws: a verifier sharing the drawer's code would
 * repeat its mistakes (decisions 006 and 023).
 */

export type VerifyProblem =
  | { code: 'certificate' }
  | { code: 'algorithm'; algorithm: string }
  | { code: 'entriesHash' }
  | { code: 'seedCommitment' }
  | { code: 'publicValue' }
  | { code: 'commitmentAfterDraw' }
  | { code: 'header' }
  | { code: 'entriesCount'; found: number; expected: number }
  | { code: 'position'; position: number; expected: string; found: string }
  | { code: 'positionsCount'; found: number; expected: number };

export type VerifiedPosition = { position: number; entryId: string; role: 'winner' | 'alternate' };

export type Verification = {
  ok: boolean;
  problems: VerifyProblem[];
  drawId: string;
  campaignName: string;
  drawnAt: string;
  entriesCount: number;
  /** The positions the re-run gives (winners first, then alternates), with the certificate's roles. */
  positions: VerifiedPosition[];
};

type Entry = { position: number; entryId: string };
type Certificate = {
  drawId: string;
  campaignName: string;
  drawnAt: string;
  algorithm: string;
  entriesCount: number;
  entriesHash: string;
  seed: string;
  seedCommitment: string;
  options?: { onePerIdentity?: boolean };
  winners: Entry[];
  alternates: Entry[];
  disqualified?: Entry[];
  commitment?: { kind: string; value?: string | null; committedAt: string } | null;
};

const HEADER = 'entry_id,participant,weight';
const TWO_64 = 1n << 64n;

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(text.length / 2));
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', bytes));
}

function isEntryList(value: unknown): value is Entry[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item?.position === 'number' && item?.entryId !== undefined)
  );
}

/** The certificate's fields the check needs, or null when the file is not a draw certificate. */
function readCertificate(text: string): Certificate | null {
  try {
    const value = JSON.parse(text);
    const isCertificate =
      typeof value?.seed === 'string' &&
      /^[0-9a-f]{64}$/.test(value.seed) &&
      typeof value.entriesHash === 'string' &&
      typeof value.seedCommitment === 'string' &&
      isEntryList(value.winners) &&
      isEntryList(value.alternates);
    return isCertificate ? (value as Certificate) : null;
  } catch {
    return null;
  }
}

/** The HMAC-SHA-256 counter stream of the seed over the entries hash, 64 bits at a time. */
async function randomStream(seed: string, entriesHash: string) {
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const prefix = new TextEncoder().encode(`promo-draw-v1:${entriesHash}:`);
  let counter = 0n;
  let block = new DataView(new ArrayBuffer(0));
  let offset = 32;
  const next = async (): Promise<bigint> => {
    if (offset >= 32) {
      const message = new Uint8Array(prefix.length + 8);
      message.set(prefix);
      new DataView(message.buffer).setBigUint64(prefix.length, counter);
      counter += 1n;
      block = new DataView(await crypto.subtle.sign('HMAC', key, message));
      offset = 0;
    }
    const value = block.getBigUint64(offset);
    offset += 8;
    return value;
  };
  /** A uniform integer below `n`, by rejection (no modulo bias). */
  return async (n: number): Promise<number> => {
    const size = BigInt(n);
    const limit = TWO_64 - (TWO_64 % size);
    for (;;) {
      const value = await next();
      if (value < limit) return Number(value % size);
    }
  };
}

export async function verifyDraw(
  certificateText: string,
  entries: Uint8Array<ArrayBuffer>,
): Promise<Verification> {
  const certificate = readCertificate(certificateText);
  if (!certificate)
    return {
      ok: false,
      problems: [{ code: 'certificate' }],
      drawId: '',
      campaignName: '',
      drawnAt: '',
      entriesCount: 0,
      positions: [],
    };
  const problems: VerifyProblem[] = [];
  if (certificate.algorithm !== 'promo-draw-v1')
    problems.push({ code: 'algorithm', algorithm: String(certificate.algorithm) });
  if ((await sha256(entries)) !== certificate.entriesHash) problems.push({ code: 'entriesHash' });
  if ((await sha256(fromHex(certificate.seed))) !== certificate.seedCommitment)
    problems.push({ code: 'seedCommitment' });
  const committed = certificate.commitment;
  if (committed?.kind === 'public_value') {
    const fromValue = await sha256(new TextEncoder().encode(String(committed.value ?? '')));
    if (fromValue !== certificate.seed) problems.push({ code: 'publicValue' });
  }
  if (committed && !(new Date(committed.committedAt) <= new Date(certificate.drawnAt)))
    problems.push({ code: 'commitmentAfterDraw' });

  const lines = new TextDecoder().decode(entries).split('\n');
  if (lines[0] !== HEADER) problems.push({ code: 'header' });
  const ids: string[] = [];
  const participants: string[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const [id = '', participant = '', weight] = line.split(',');
    total += Number(weight);
    ids.push(id);
    participants.push(participant);
    cumulative.push(total);
  }
  if (ids.length !== certificate.entriesCount)
    problems.push({ code: 'entriesCount', found: ids.length, expected: certificate.entriesCount });

  // the first entry whose running weight is above r (binary search)
  const firstAbove = (r: number) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  // a redraw keeps every original position: disqualified winners, winners and alternates
  const expected = [
    ...certificate.winners,
    ...certificate.alternates,
    ...(certificate.disqualified ?? []),
  ].sort((a, b) => a.position - b.position);
  const onePerIdentity = Boolean(certificate.options?.onePerIdentity);
  const units = onePerIdentity ? new Set(participants).size : ids.length;
  const picks = Math.min(expected.length, units);
  const uniform = await randomStream(certificate.seed, certificate.entriesHash);
  const drawn: string[] = [];
  const taken = new Set<number>();
  const people = new Set<string>();
  while (total > 0 && drawn.length < picks) {
    const index = firstAbove(await uniform(total));
    if (taken.has(index) || (onePerIdentity && people.has(participants[index] as string))) continue;
    taken.add(index);
    people.add(participants[index] as string);
    drawn.push(ids[index] as string);
  }
  for (const [i, entry] of expected.entries()) {
    if (String(entry.entryId) !== drawn[i])
      problems.push({
        code: 'position',
        position: entry.position,
        expected: String(entry.entryId),
        found: drawn[i] ?? '—',
      });
  }
  if (drawn.length !== expected.length)
    problems.push({ code: 'positionsCount', found: drawn.length, expected: expected.length });

  const roleOf = new Map<number, VerifiedPosition['role']>([
    ...certificate.winners.map((e) => [e.position, 'winner'] as const),
    ...certificate.alternates.map((e) => [e.position, 'alternate'] as const),
  ]);
  const positions = expected.flatMap((entry, i) => {
    const role = roleOf.get(entry.position);
    const found = drawn[i];
    return role && found !== undefined ? [{ position: entry.position, entryId: found, role }] : [];
  });
  return {
    ok: problems.length === 0,
    problems,
    drawId: String(certificate.drawId ?? ''),
    campaignName: String(certificate.campaignName ?? ''),
    drawnAt: String(certificate.drawnAt ?? ''),
    entriesCount: ids.length,
    positions,
  };
}
