// The counter's world for the code benchmarks (bench/codes, bench/lookups): the demo tenant's
// admin, a redemption centre, a reward-code campaign open since yesterday whose codes that centre
// redeems, and an operator at the centre; the generation of a campaign's codes as a job; and
// codes in no order, as people bring them to a counter.
import { api, PASSWORD } from './server.mjs';

export async function counterSetup(server, { name, centreCode }) {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const centre = await api(server.url, '/api/redemption-centres', {
    token,
    body: { code: centreCode, name: `Bench ${name}`, latitude: 9.9, longitude: -84 },
  });
  const now = Date.now();
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name: `${name}-${now}`,
      title: `Bench ${name}`,
      kind: 'reward_code',
      countryCode: 'CR',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      settings: { centreIds: [centre.id] },
    },
  });
  const operatorName = `op${now}`;
  await api(server.url, '/api/users/register', {
    token,
    body: { username: operatorName, password: PASSWORD, role: 'OPERATOR', centreId: centre.id },
  });
  return { token, centre, campaign, operatorName };
}

/** `count` codes for the campaign through the API, waited for; answers the finished job. */
export async function generateCodes(server, token, campaignId, count) {
  const queued = await api(server.url, '/api/reward-codes', { token, body: { campaignId, count } });
  let job = { status: 'queued' };
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    job = queued.jobId
      ? await api(server.url, `/api/jobs/${queued.jobId}`, { token })
      : { status: 'succeeded', result: queued };
  }
  return job;
}

/** `items` in a random order (in place; Fisher–Yates), as codes come to a counter. */
export function shuffled(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
