#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the
// sources, then runs the one server process (API, web app, public pages) in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverBuild = join(root, 'apps/server/dist/main.js');
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

const builtAt = Math.min(...[serverBuild, webBuild].map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building the web app and the server (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
