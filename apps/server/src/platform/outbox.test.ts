import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../testing/campaign-fixtures.ts';
import { createPerson } from '../testing/market-fixtures.ts';
import { createTestApp, type TestApp, type TestTenant } from '../testing/test-app.ts';
import type { OutboxSender } from './outbox.ts';

type Received = { to: string[]; text: string };

/** The text of a message as received: its body decoded (quoted-printable or base64). */
function bodyText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives; the first
 * `failures` messages are answered with a temporary failure (451), as a busy server does.
 */
async function smtpServer(failures = 0) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < failures) {
          refused += 1;
          return callback(
            Object.assign(new Error('Servidor ocupado, intente más tarde'), { responseCode: 451 }),
          );
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: bodyText(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: `smtp://127.0.0.1:${port}`, refusals: () => refused };
}

const smtp = await smtpServer();
const t = await createTestApp({ mail: { url: smtp.url, from: 'Promociones <no-responder@promo.test>' } });
const sender = t.app.outboxSender as OutboxSender;
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });

/** The tenant's last outbox message and its delivery state. */
async function outboxRow(app: TestApp, tenantId: string) {
  const [row] = await app.db.ownerQuery<{
    attempts: number;
    sent_at: Date | null;
    failed_at: Date | null;
    last_error: string | null;
    next_attempt_at: Date;
  }>(
    `select attempts, sent_at, failed_at, last_error, next_attempt_at from outbox
     where tenant_id = $1 order by created_at desc limit 1`,
    [tenantId],
  );
  if (!row) throw new Error('no outbox row');
  return row;
}

/** A person asks for the marketplace's one-time code. */
async function askCode(app: TestApp, tenant: TestTenant, campaignName: string, cedula: string) {
  const asked = await app.request({
    method: 'POST',
    url: `/api/public/${tenant.slug}/marketplace-authentication/${campaignName}`,
    body: { cedula },
  });
  expect(asked.status).toBe(200);
}

describe('e-mail through SMTP', () => {
  it('sends the one-time code of the marketplace sign-in once, and the code signs in', async () => {
    const person = await createPerson(t, tenant);
    await askCode(t, tenant, campaign.name, person.cedula);
    await sender.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as Received;
    expect(mail.to).toEqual([`ana${person.cedula}@example.com`]);
    const code = /es (\d{6})\./.exec(mail.text)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const row = await outboxRow(t, tenant.id);
    expect(row).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect(row.sent_at).not.toBeNull();
    // with a mail server, the code is no longer written to the log
    expect(t.logLines.join('')).not.toContain(code);

    const verified = await t.request({
      method: 'POST',
      url: `/api/public/${tenant.slug}/marketplace-authentication/${campaign.name}/verify`,
      body: { cedula: person.cedula, code },
    });
    expect(verified.status).toBe(200);

    t.clock.advance(2 * 3_600_000);
    await sender.drain();
    expect(smtp.received).toHaveLength(1); // sent once: never again
    t.clock.set(new Date('2026-06-01T15:00:00Z'));
  });

  it('sends the password-reset link', async () => {
    const user = await t.createUser(tenant, 'ANALYST', { email: 'analista@example.com' });
    const forgot = await t.request({
      method: 'POST',
      url: '/api/users/password/forgot',
      body: { tenant: tenant.slug, username: user.username },
    });
    expect(forgot.status).toBe(202);
    await sender.drain();
    const mail = smtp.received.at(-1) as Received;
    expect(mail.to).toEqual(['analista@example.com']);
    expect(mail.text).toMatch(new RegExp(`/${tenant.slug}/reset-password\\?uuid=[0-9a-f-]{36}`));
  });
});

describe('e-mail through a failing SMTP server', async () => {
  const busy = await smtpServer(2);
  const u = await createTestApp({ mail: { url: busy.url, from: 'no-responder@promo.test' } });
  const busySender = u.app.outboxSender as OutboxSender;
  const other = await u.createTenant();
  const points = await createActiveCampaign(u, other, { kind: 'points' });

  it('retries with backoff until the server takes the message: none lost, none twice', async () => {
    const person = await createPerson(u, other);
    await askCode(u, other, points.name, person.cedula);
    const row = () => outboxRow(u, other.id);

    await busySender.drain();
    expect(busy.refusals()).toBe(1);
    let first = await row();
    expect(first).toMatchObject({ attempts: 1, sent_at: null });
    expect(first.last_error).toContain('451');
    expect(first.next_attempt_at.getTime()).toBe(u.clock.now().getTime() + 60_000);

    await busySender.drain(); // not due yet: no new try
    expect(busy.refusals()).toBe(1);

    u.clock.advance(60_000);
    await busySender.drain();
    expect(busy.refusals()).toBe(2);
    first = await row();
    expect(first.attempts).toBe(2);
    expect(first.next_attempt_at.getTime()).toBe(u.clock.now().getTime() + 120_000); // backoff doubles

    u.clock.advance(120_000);
    await busySender.drain();
    expect(busy.received).toHaveLength(1);
    expect(busy.received[0]?.text).toMatch(/código de acceso .* es \d{6}\./);
    const sent = await row();
    expect(sent).toMatchObject({ attempts: 3, last_error: null });
    expect(sent.sent_at).not.toBeNull();

    u.clock.advance(3_600_000);
    await busySender.drain();
    expect(busy.received).toHaveLength(1);
    expect(u.logLines.join('')).toContain('outbox e-mail not sent');
  });
});
