import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum memory (19 MiB), 2 passes: about 12 ms a hash on this machine.
// algorithm 2 is Argon2id (a const enum in the package's types)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `stored`; with no stored hash (unknown user) it still spends the
 * same work on a dummy hash, so timing does not tell whether a user exists.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not-a-real-password-0000');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
