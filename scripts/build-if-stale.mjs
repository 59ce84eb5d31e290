// Builds the web app and the server when a build is missing or older than the sources
// (npm start and npm run cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBuild = join(root, 'apps/server/dist/main.js');
const webBuild = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'packages/contract/src',
  'packages/landing/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function buildIfStale() {
  const builtAt = Math.min(...[serverBuild, webBuild].map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
  if (builtAt === 0 || changedAt > builtAt) {
    console.log('Building the web app and the server (first start or changed sources)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
