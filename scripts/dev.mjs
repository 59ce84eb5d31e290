#!/usr/bin/env node
// `npm run dev`: the server with reload (tsx watch, port 3000) and the Vite dev server (5173),
// which proxies /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@promo/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@promo/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
