#!/usr/bin/env node
// The reference routes every product benchmark is measured against, in the same run, on the same
// machine: what Fastify and the database driver can do with nothing of ours around them.
//   GET  /hello           Fastify's hello world (the ceiling for a page served from memory)
//   POST /pg/redeem       node-postgres, one conditional UPDATE … RETURNING on an indexed table
//                         (the statement a redemption or a participation settles its race with);
//                         pool of 20, as the product's
//   GET  /pg/code/:code   node-postgres, one point query by primary key on the same table (the
//                         statement a counter look-up finds its code with)
//   POST /pglite/insert   PGlite in this process, one INSERT … RETURNING (the embedded database's
//                         one statement)
// Started by bench/lib/reference.mjs with PORT, DATABASE_URL (optional) and PGLITE=1 (optional).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  app.post('/pg/redeem', async (request, reply) => {
    const { code } = request.body;
    const { rows } = await pool.query(
      "UPDATE bench_codes SET status = 'redeemed', redeemed_at = now() WHERE code = $1 AND status = 'assigned' RETURNING code, redeemed_at",
      [code],
    );
    if (rows.length === 0) return reply.code(409).send({ code: 'ALREADY_REDEEMED' });
    return rows[0];
  });
  app.get('/pg/code/:code', async (request, reply) => {
    const { rows } = await pool.query('SELECT code, status, redeemed_at FROM bench_codes WHERE code = $1', [
      request.params.code,
    ]);
    if (rows.length === 0) return reply.code(404).send({ code: 'NOT_FOUND' });
    return rows[0];
  });
}

if (process.env.PGLITE) {
  const db = await PGlite.create();
  await db.exec(
    'CREATE TABLE bench_entries (id bigserial PRIMARY KEY, identity text NOT NULL UNIQUE, answers jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  app.post('/pglite/insert', async (request) => {
    const { identity, answers } = request.body;
    const { rows } = await db.query(
      'INSERT INTO bench_entries (identity, answers) VALUES ($1, $2) RETURNING id, created_at',
      [identity, answers],
    );
    return rows[0];
  });
}

await app.listen({ port: Number(process.env.PORT ?? 3199), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
