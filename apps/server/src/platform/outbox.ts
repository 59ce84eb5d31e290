import type { Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Ctx } from './context.ts';

/**
 * Queues an e-mail in the tenant's outbox, in the caller's transaction. In development the
 * message (not the recipient) is also logged, so links can be followed without a mail server.
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
    })
    .returning({ id: outbox.id });
  if (ctx.config.logOutbox)
    ctx.log.info({ outboxId: row?.id, subject: message.subject, body: message.body }, 'outbox e-mail');
}
