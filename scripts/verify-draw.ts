#!/usr/bin/env -S npx tsx
// Re-runs a raffle draw from its certificate and its entry list, in Node, with the same verifier
// as the public page /verify-draw (packages/contract/src/draw-verification.ts, Web Crypto only):
//   npm run verify-draw -- certificate.json entries.csv
// Prints OK and exits 0 when the certificate's positions are reproduced; otherwise prints each
// difference and exits 1 (2 for a wrong command line).
import { readFileSync } from 'node:fs';
import { type VerifyProblem, verifyDraw } from '@promo/contract/draw-verification';

function describe(problem: VerifyProblem): string {
  switch (problem.code) {
    case 'certificate':
      return 'the file is not a draw certificate';
    case 'algorithm':
      return `unknown algorithm ${problem.algorithm}`;
    case 'entriesHash':
      return "the entry list's SHA-256 differs from the certificate's entriesHash";
    case 'seedCommitment':
      return 'the seed does not match its commitment';
    case 'publicValue':
      return 'the seed is not SHA-256 of the committed public value';
    case 'commitmentAfterDraw':
      return 'the commitment is dated after the draw';
    case 'header':
      return 'unexpected entry list header';
    case 'entriesCount':
      return `${problem.found} entries, the certificate says ${problem.expected}`;
    case 'position':
      return `position ${problem.position}: certificate entry ${problem.expected}, re-run gives ${problem.found}`;
    case 'positionsCount':
      return `${problem.found} positions re-drawn, certificate has ${problem.expected}`;
  }
}

const [certificatePath, entriesPath] = process.argv.slice(2);
if (!certificatePath || !entriesPath) {
  console.error('usage: npm run verify-draw -- certificate.json entries.csv');
  process.exit(2);
}
const certificateText = readFileSync(certificatePath, 'utf8');
const verification = await verifyDraw(certificateText, new Uint8Array(readFileSync(entriesPath)));
if (!verification.ok) {
  for (const problem of verification.problems) console.error(`FAIL ${describe(problem)}`);
  process.exit(1);
}
console.log(
  `OK draw ${verification.drawId}: ${verification.positions.length} positions from ${verification.entriesCount} entries reproduced (promo-draw-v1)`,
);
const { commitment } = JSON.parse(certificateText);
if (commitment)
  console.log(
    `   seed committed ${commitment.committedAt} as ${commitment.kind === 'public_value' ? `public value of ${commitment.source}` : 'server secret'}`,
  );
