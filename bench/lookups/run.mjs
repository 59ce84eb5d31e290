#!/usr/bin/env node
// bench/lookups: the counter's look-ups under load, as an operator's desk asks them before a
// redemption: `GET /api/reward-codes/get-by-code/{code}` (a different code per request, in no
// order; codes available, assigned and redeemed) and `GET /api/reward-codes/get-by-cedula/{cedula}`
// (a person with two codes, one of them redeemed in a third of the cases), next to the reference
// route (bench/reference: a minimal Fastify + node-postgres route doing one point query by primary
// key) loaded the same way in the same run.
//   node bench/lookups/run.mjs [--codes 100000] [--people 30000] [--duration 15] [--connections 50]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { counterSetup, generateCodes, shuffled } from '../lib/counter.mjs';
import { measuredLoad, ratio, referencePgPointQuery } from '../lib/reference.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    codes: { type: 'string', default: '100000' },
    people: { type: 'string', default: '30000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
  },
});
const codeCount = Number(values.codes);
const people = Math.min(Number(values.people), Math.floor(codeCount / 2));
const duration = Number(values.duration);
const connections = Number(values.connections);

/** Each request of the load a different path from `paths`, round and round. */
function loadPaths(server, token, paths) {
  let next = 0;
  return measuredLoad(
    {
      url: `${server.url}${paths[0]}`,
      connections,
      duration,
      headers: { authorization: `Bearer ${token}` },
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
    },
    server.database,
  );
}

const server = await startServer({ port: 3194 });
try {
  const { token, centre, campaign, operatorName } = await counterSetup(server, {
    name: 'lookups',
    centreCode: '900002',
  });
  const job = await generateCodes(server, token, campaign.id, codeCount);
  if (job.status !== 'succeeded') throw new Error(`generation: ${job.status}`);

  // the counter's world, written directly: people, two codes each (assigned), a third of those
  // people with one code redeemed at the centre; the rest of the codes available
  const psql = (query) => {
    const done = spawnSync('psql', [server.database, '-v', 'ON_ERROR_STOP=1', '-Atc', query], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (done.status !== 0) throw new Error(done.stderr);
    return done.stdout.trim();
  };
  const tenantId = psql(`select tenant_id from campaigns where id = '${campaign.id}'`);
  // (no statistics here: without this the join of the two numbered lists is a nested loop)
  psql(`
    set enable_nestloop = off;
    insert into participants (tenant_id, cedula, name)
    select '${tenantId}', (700000000 + g)::text, 'Persona ' || g from generate_series(1, ${people}) g;
    with code as (
      select code, row_number() over (order by code) - 1 as n from reward_codes
       where tenant_id = '${tenantId}' and campaign_id = '${campaign.id}' order by code limit ${2 * people}),
    person as (
      select id, row_number() over (order by cedula) - 1 as n from participants
       where tenant_id = '${tenantId}' and cedula between '700000001' and '${700000000 + people}')
    update reward_codes rc set status = 'assigned', participant_id = person.id, assigned_at = now()
      from code join person on person.n = code.n % ${people}
     where rc.tenant_id = '${tenantId}' and rc.code = code.code;
    with redeemed as (
      select distinct on (participant_id) code from reward_codes
       where tenant_id = '${tenantId}' and campaign_id = '${campaign.id}' and participant_id is not null
       order by participant_id, code)
    update reward_codes rc set status = 'redeemed', redeemed_at = now() - interval '1 hour'
      from redeemed where rc.tenant_id = '${tenantId}' and rc.code = redeemed.code
       and right(rc.code, 1) < 'B';
    insert into redemptions (tenant_id, code, campaign_id, centre_id, redeemed_at)
    select tenant_id, code, campaign_id, '${centre.id}', redeemed_at from reward_codes
     where tenant_id = '${tenantId}' and campaign_id = '${campaign.id}' and status = 'redeemed';`);
  const codes = shuffled(
    psql(
      `select code from reward_codes where tenant_id = '${tenantId}' and campaign_id = '${campaign.id}'`,
    ).split('\n'),
  );
  const cedulas = shuffled(Array.from({ length: people }, (_, i) => String(700_000_001 + i)));
  const states = psql(
    `select status || ' ' || count(*) from reward_codes where campaign_id = '${campaign.id}' group by status order by 1`,
  );

  const { token: operatorToken } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: operatorName, password: PASSWORD },
  });
  const sample = await api(server.url, `/api/reward-codes/get-by-cedula/${cedulas[0]}`, {
    token: operatorToken,
  });
  if (!Array.isArray(sample) || sample.length !== 2)
    throw new Error(`get-by-cedula: ${JSON.stringify(sample)}`);

  const byCode = await loadPaths(
    server,
    operatorToken,
    codes.map((code) => `/api/reward-codes/get-by-code/${code}`),
  );
  const byCedula = await loadPaths(
    server,
    operatorToken,
    cedulas.map((cedula) => `/api/reward-codes/get-by-cedula/${cedula}`),
  );
  const reference = await referencePgPointQuery({ databaseUrl: server.database, connections, duration });
  console.log(
    JSON.stringify(
      {
        bench: 'lookups',
        machine: machine(),
        loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
        connections,
        durationSeconds: duration,
        data: { codes: Object.fromEntries(states.split('\n').map((l) => l.split(' '))), people },
        byCode,
        byCedula,
        reference: { route: 'Fastify + node-postgres point query', ...reference },
        ratio: ratio(byCode, reference),
        ratioByCedula: ratio(byCedula, reference),
        target: '>= 0.8 x the minimal point-query route',
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
