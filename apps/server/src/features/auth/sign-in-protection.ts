import { isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  countSignInFailure,
  deleteSignInAttempts,
  findSignInAttempts,
} from './sign-in-attempts.repository.ts';

/**
 * Brute-force protection of a sign-in (a password, a one-time code), per account and client
 * address (docs/decisions/004). A run of failures from one address locks that address out of that
 * account; failures from every address slow each further attempt on the account down by a capped,
 * growing wait, but never refuse it: the right secret from an address that is not locked out
 * always signs in.
 */
export type SignInPolicy = {
  /** Failures counted in a fixed window starting at the first one. */
  windowMs: number;
  /** Failures from one address that lock it out of the account… */
  maxFailuresPerAddress: number;
  /** …for this long. */
  lockMs: number;
  /** Failures on the account, from all addresses, before attempts start to wait. */
  slowAfterFailures: number;
  /** The first wait; each further failure doubles it… */
  slowBaseMs: number;
  /** …up to this cap. */
  slowMaxMs: number;
};

export const SIGN_IN_POLICY: SignInPolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerAddress: 5,
  lockMs: 15 * 60_000,
  slowAfterFailures: 10,
  slowBaseMs: 250,
  slowMaxMs: 3_000,
};

/** The account of a back-office user: tenant-scoped, by lower-cased user name. */
export const userAccount = (usernameKey: string) => `user:${usernameKey}`;
/**
 * The account of an end customer signing in to a campaign with one-time codes, by a key of the
 * identity number typed (not the person's id): counted alike whether or not such a person exists.
 */
export const customerAccount = (campaignId: string, identityKey: string) =>
  `customer:${campaignId}:${identityKey}`;

/**
 * The address as counted: IPv4 (also IPv4-mapped IPv6) whole; IPv6 by its /64, the block one
 * subscriber usually holds, so that walking through a block does not give fresh addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The wait before an attempt on an account with `failures` failures in the window. */
export function slowdownMs(failures: number, policy: SignInPolicy): number {
  if (failures < policy.slowAfterFailures) return 0;
  const doublings = Math.min(failures - policy.slowAfterFailures, 30);
  return Math.min(policy.slowMaxMs, policy.slowBaseMs * 2 ** doublings);
}

type Gate = { lockedMinutes: number } | { waitMs: number; failures: number };

/**
 * Before the secret is checked: whether this address is locked out of the account, else how long
 * the attempt waits (the account's failures from every address in the window).
 */
export async function signInGate(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
  now: Date,
  policy: SignInPolicy,
): Promise<Gate> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const row = await findSignInAttempts(tx, tenantId, account, address, windowStart);
  const lockedUntil = row?.lockedUntil ? new Date(row.lockedUntil) : null;
  if (lockedUntil && lockedUntil > now) {
    return { lockedMinutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000) };
  }
  const failures = Number(row?.failures ?? 0);
  return { waitMs: slowdownMs(failures, policy), failures };
}

/**
 * Counts one failure of the address on the account (exact under concurrency): failures older than
 * the window start a new run; reaching the maximum locks the address out.
 */
export async function recordSignInFailure(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
  now: Date,
  policy: SignInPolicy,
): Promise<void> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const lockUntil = new Date(now.getTime() + policy.lockMs);
  await countSignInFailure(tx, tenantId, account, address, {
    now,
    windowStart,
    lockUntil,
    maxFailures: policy.maxFailuresPerAddress,
  });
}

/** A success ends the address's run on the account; other addresses' failures still count. */
export async function clearSignInFailures(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
): Promise<void> {
  await deleteSignInAttempts(tx, tenantId, account, address);
}

/**
 * The gate, applied: LOGIN_LOCKED for a locked-out address, else the attempt waits its slowdown
 * here, on a timer, holding no database connection, and then goes on to check the secret.
 */
export async function passSignInGate(
  ctx: Ctx,
  tenantId: string,
  account: string,
  address: string,
  policy: SignInPolicy,
): Promise<void> {
  const gate = await ctx.db.tx({ tenantId }, (tx) =>
    signInGate(tx, tenantId, account, address, ctx.clock.now(), policy),
  );
  if ('lockedMinutes' in gate) throw new AppError('LOGIN_LOCKED', [], { minutes: gate.lockedMinutes });
  if (gate.waitMs > 0) {
    // no user name or address: the tenant and the size of the run are what an operator needs
    ctx.log.warn(
      { tenantId, failures: gate.failures, waitMs: gate.waitMs },
      'sign-in slowed down: failed attempts on this account from several addresses',
    );
    await sleep(gate.waitMs);
  }
}
