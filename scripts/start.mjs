#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the
// sources, then runs the one server process (API, web app, public pages) in the foreground.
import { spawn } from 'node:child_process';
import { buildIfStale, serverBuild } from './build-if-stale.mjs';

buildIfStale();
const server = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
