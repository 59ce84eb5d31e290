import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../../..');

/**
 * Runs the verification script (`npm run verify-draw`) on a certificate and an entry list, as
 * an auditor would: answers what it prints when it accepts, throws otherwise.
 */
export function verifyDraw(certificate: unknown, entries: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'draw-'));
  writeFileSync(join(dir, 'certificate.json'), JSON.stringify(certificate));
  writeFileSync(join(dir, 'entries.csv'), entries);
  return execFileSync(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'scripts/verify-draw.ts'), join(dir, 'certificate.json'), join(dir, 'entries.csv')],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/**
 * What the verification script prints on its error stream when it refuses (exit status 1); it
 * throws when the script accepts, or fails in any other way (a crash, a wrong command line).
 */
export function drawRefusal(certificate: unknown, entries: string): string {
  try {
    verifyDraw(certificate, entries);
  } catch (error) {
    const { status, stderr } = error as { status: number | null; stderr: string };
    if (status === 1) return stderr;
    throw error;
  }
  throw new Error('the verification accepted it');
}
