#!/usr/bin/env node
// `npm run test:pg`: the server test suite against PostgreSQL. Each run migrates a fresh
// template database, each test file clones it, and all of them are dropped at the end.
// TEST_DATABASE_URL (default: this machine's postgres://postgres@127.0.0.1:5432/postgres)
// names the server; the user must be able to create databases and roles. Redis (TEST_REDIS_URL,
// default redis://127.0.0.1:6379) is used by the tests of optional services.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
