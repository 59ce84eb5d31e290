#!/usr/bin/env node
// The dependency picture in docs/architecture.md, drawn by dependency-cruiser from the imports:
// one box per server feature, platform folder and web feature, an arrow per import between them.
// `node scripts/dependency-picture.mjs` rewrites it; `--check` (run by `npm run lint`) fails when
// the picture in the document no longer matches the code.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const doc = 'docs/architecture.md';
const start = '<!-- dependency-picture:start -->';
const end = '<!-- dependency-picture:end -->';
const notCode = '\\.test\\.tsx?$|/testing/|/public-script/|/fixtures/';

const pictures = [
  {
    title: 'Server: features, platform and the composition root',
    root: 'apps/server/src',
    collapse: '^apps/server/src/(features/[^/]+|[^/]+)',
  },
  {
    title: 'Web: features, shell, components and lib',
    root: 'apps/web/src',
    collapse: '^apps/web/src/(features/[^/]+|[^/]+)',
  },
];

function mermaid({ root, collapse }) {
  const run = spawnSync(
    'npx',
    [
      'depcruise',
      root,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'mermaid',
      '--collapse',
      collapse,
      '--include-only',
      `^${root}`,
      '--exclude',
      notCode,
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(run.status ?? 1);
  }
  return run.stdout.trim();
}

const body = pictures
  .map((picture) => `### ${picture.title}\n\n\`\`\`mermaid\n${mermaid(picture)}\n\`\`\``)
  .join('\n\n');
const generated = `${start}\n<!-- drawn by \`node scripts/dependency-picture.mjs\` from the imports; do not edit by hand -->\n\n${body}\n\n${end}`;

const text = readFileSync(doc, 'utf8');
const from = text.indexOf(start);
const to = text.indexOf(end);
if (from < 0 || to < 0) {
  console.error(`${doc} has no ${start} … ${end} block`);
  process.exit(1);
}
const next = text.slice(0, from) + generated + text.slice(to + end.length);
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error(`${doc}: the dependency picture is out of date; run node scripts/dependency-picture.mjs`);
    process.exit(1);
  }
  console.log('dependency picture up to date');
} else {
  writeFileSync(doc, next);
  console.log(`${doc}: dependency picture redrawn`);
}
