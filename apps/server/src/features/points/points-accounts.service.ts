import type { Page, PersonPoints, PointsAccount, PointsAdjustment } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { findParticipantById, participantByCedula } from '../participants/index.ts';
import { ledgerPage, toLedgerEntry } from './ledger.repository.ts';
import { pointsCampaign, post } from './points.service.ts';
import { accountsOfPerson, accountsPage, toAccount } from './points-accounts.repository.ts';

/** Balances per person and campaign, most recently moved first. */
export async function listAccounts(
  ctx: Ctx,
  query: { campaignId?: string | undefined; cedula?: string | undefined; page: number; pageSize: number },
): Promise<Page<PointsAccount>> {
  const { tenantId, role } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const { rows, total } = await accountsPage(tx, tenantId, query);
    return {
      items: rows.map((r) => toAccount(r, shouldMask(role))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** A person's balances and ledger (newest first), for the admin screen. */
export async function personPoints(
  ctx: Ctx,
  participantId: string,
  query: { campaignId?: string | undefined; page: number; pageSize: number },
): Promise<PersonPoints> {
  const { tenantId, role } = actorOf(ctx);
  const mask = shouldMask(role);
  return inTenant(ctx, async (tx) => {
    const found = await findParticipantById(tx, tenantId, participantId);
    if (!found) throw new AppError('NOT_FOUND');
    const person = { id: found.id, cedula: found.cedula, name: found.name };
    const accounts = await accountsOfPerson(tx, tenantId, participantId);
    const ledger = await ledgerPage(
      tx,
      { tenantId, participantId, campaignId: query.campaignId },
      query.page,
      query.pageSize,
    );
    return {
      person: { ...person, cedula: mask ? maskIdentity(person.cedula) : person.cedula },
      accounts: accounts.map((a) => toAccount(a, mask)),
      ledger: {
        items: ledger.items.map(toLedgerEntry),
        total: ledger.total,
        page: query.page,
        pageSize: query.pageSize,
      },
    };
  });
}

/** An admin's adjustment with a reason; a retried request (Idempotency-Key) is applied once. */
export async function adjustPoints(ctx: Ctx, input: PointsAdjustment, key: string | undefined) {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  return inTenant(ctx, async (tx) => {
    const campaign = await pointsCampaign(tx, actor.tenantId, input.campaignId);
    const person = input.participantId
      ? await findParticipantById(tx, actor.tenantId, input.participantId)
      : await participantByCedula(tx, actor.tenantId, input.cedula ?? '');
    if (!person) throw new AppError('POINTS_USER_NOT_FOUND');
    return idempotent(
      tx,
      actor.tenantId,
      key ? `points-adjust:${key}` : undefined,
      requestHash(['adjust', input]),
      async () => {
        const entry = await post(tx, campaign, {
          tenantId: actor.tenantId,
          participantId: person.id,
          kind: 'adjustment',
          amount: input.amount,
          reason: input.reason,
          now,
          idempotencyKey: key ?? null,
          createdBy: actor.userId,
        });
        await audit(tx, ctx, {
          tenantId: actor.tenantId,
          action: 'points.adjust',
          entityType: 'participant',
          entityId: person.id,
          details: { campaignId: campaign.id, amount: input.amount, entryId: entry.id },
        });
        return { status: 201, body: { entry: toLedgerEntry(entry), balance: entry.balanceAfter } };
      },
    );
  });
}
