import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { type Database, queryRows, type Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { Ctx } from './context.ts';
import { scrubPersonalData } from './http/log-safety.ts';

/**
 * Queues an e-mail in the tenant's outbox, in the caller's transaction: it is sent only if that
 * transaction commits (by the OutboxSender when SMTP is configured). In development without SMTP
 * the message (not the recipient) is also logged, so links and codes can be followed.
 */
export async function queueEmail(
  tx: Tx,
  ctx: Ctx,
  message: { tenantId: string; to: string; subject: string; body: string },
): Promise<void> {
  const [row] = await tx
    .insert(outbox)
    .values({
      tenantId: message.tenantId,
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      nextAttemptAt: ctx.clock.now(),
    })
    .returning({ id: outbox.id });
  if (ctx.config.logOutbox)
    ctx.log.info({ outboxId: row?.id, subject: message.subject, body: message.body }, 'outbox e-mail');
}

/** One e-mail to send (plain text). */
export type Mail = { to: string; subject: string; text: string };

/** Where e-mails go: SMTP in production, anything with `send` in a benchmark. */
export type MailTransport = { send(mail: Mail): Promise<void>; close(): void };

/** An SMTP transport (nodemailer) from `smtp[s]://user:password@host:port` and a sender address. */
export function smtpTransport(smtp: { url: string; from: string }): MailTransport {
  const transporter = createTransport({
    url: smtp.url,
    // a server that does not answer is an error to retry, not a worker stuck for ever
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transporter.close(),
  };
}

/** Tries of one message before it is given up (kept with its error, `failed_at` set). */
export const MAX_SEND_ATTEMPTS = 10;
/** A claimed message is not claimed again for this long (a send in flight, or a crashed worker). */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;

/** Wait before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type Claimed = {
  tenant_id: string;
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
};

/**
 * Delivers the outbox of every tenant. Each pass claims due messages with FOR UPDATE SKIP LOCKED
 * (several servers share the outbox), moving their next attempt a lease ahead and counting the
 * try, and commits; then sends each one and records it sent, or records the error and the next
 * attempt with backoff. A message recorded sent is never claimed again; one whose worker died
 * between send and record is sent again once its lease ends (at least once, as e-mail is).
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private passes: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly transport: MailTransport,
    private readonly pollMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.passes;
    this.transport.close();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, 'outbox pass failed'))
        .finally(() => {
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Sends every message due now; answers how many were sent. Passes run one after the other. */
  drain(): Promise<{ sent: number; failed: number }> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => {});
    return pass;
  }

  private async pass(): Promise<{ sent: number; failed: number }> {
    const counts = { sent: 0, failed: 0 };
    while (!this.stopped) {
      const batch = await this.claim();
      for (const message of batch) {
        if (await this.deliver(message)) counts.sent += 1;
        else counts.failed += 1;
      }
      if (batch.length < BATCH) break;
    }
    return counts;
  }

  private claim(): Promise<Claimed[]> {
    const now = this.clock.now();
    return this.db.tx({ tenantId: null, outboxWorker: true }, (tx) =>
      queryRows<Claimed>(
        tx,
        sql`update outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
            where (tenant_id, id) in (
              select tenant_id, id from outbox
              where sent_at is null and failed_at is null and next_attempt_at <= ${now}
              order by next_attempt_at limit ${BATCH} for update skip locked)
            returning tenant_id, id, recipient, subject, body, attempts`,
      ),
    );
  }

  private async deliver(message: Claimed): Promise<boolean> {
    const record = (values: SQL) =>
      this.db.tx({ tenantId: null, outboxWorker: true }, (tx) =>
        tx.execute(
          sql`update outbox set ${values} where tenant_id = ${message.tenant_id} and id = ${message.id}`,
        ),
      );
    try {
      await this.transport.send({ to: message.recipient, subject: message.subject, text: message.body });
    } catch (error) {
      const now = this.clock.now();
      // an SMTP refusal often quotes the recipient: kept neither in the row nor in the log
      const reason = scrubPersonalData(error instanceof Error ? error.message : String(error)).slice(0, 500);
      const givenUp = message.attempts >= MAX_SEND_ATTEMPTS;
      // no recipient in the log (personal data): the outbox row has it
      this.log.warn(
        { outboxId: message.id, tenantId: message.tenant_id, attempts: message.attempts, givenUp, reason },
        'outbox e-mail not sent',
      );
      await record(
        sql`last_error = ${reason}, next_attempt_at = ${new Date(now.getTime() + retryDelayMs(message.attempts))},
            failed_at = ${givenUp ? now : null}`,
      );
      return false;
    }
    await record(sql`sent_at = ${this.clock.now()}, last_error = null`);
    return true;
  }
}
