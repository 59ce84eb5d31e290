import type { CustomerTransaction, CustomerTransactions, PublicMarketplace } from '@promo/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findParticipantById } from '../participants/index.ts';
import { balanceOf } from '../points/index.ts';
import { findTenantById } from '../tenants/index.ts';
import type { CustomerClaims } from './customer-token.ts';
import { getMarketplaceRow } from './marketplaces.service.ts';
import { customerOrders, transactionsPage } from './orders.repository.ts';
import { storefront } from './storefront.ts';

/** The public product list of a marketplace with the person's balance. */
export async function customerMarketplace(
  ctx: Ctx,
  claims: CustomerClaims,
  marketplaceId: string,
): Promise<PublicMarketplace> {
  return ctx.db.tx({ tenantId: claims.tenantId }, async (tx) => {
    const marketplace = await getMarketplaceRow(tx, claims.tenantId, marketplaceId);
    if (marketplace.campaignId !== claims.campaignId) throw new AppError('NOT_FOUND');
    const tenant = await findTenantById(tx, claims.tenantId);
    if (!tenant) throw new AppError('NOT_FOUND');
    const person = await findParticipantById(tx, claims.tenantId, claims.participantId);
    const balance = (await balanceOf(tx, claims.tenantId, claims.campaignId, claims.participantId)) ?? 0;
    return storefront(ctx, tx, tenant, marketplace, { name: person?.name ?? null, balance });
  });
}

const DESCRIPTIONS: Record<CustomerTransaction['kind'], string> = {
  code_credit: 'Puntos por código',
  purchase: 'Puntos por compra',
  adjustment: 'Ajuste de puntos',
  redemption: 'Canje de producto',
  expiry: 'Vencimiento de puntos',
  code_order: 'Producto canjeado con código',
};

/** The person's ledger entries and code-paid orders, newest first, with the balance. */
export async function customerTransactions(
  ctx: Ctx,
  claims: CustomerClaims,
  query: { page: number; pageSize: number },
): Promise<CustomerTransactions> {
  const { tenantId, campaignId, participantId } = claims;
  return ctx.db.tx({ tenantId }, async (tx) => {
    const { rows, total } = await transactionsPage(tx, claims, query);
    const orderIds = rows.map((r) => r.order_id).filter((id): id is string => Boolean(id));
    const orders = await customerOrders(tx, tenantId, orderIds);
    const balance = (await balanceOf(tx, tenantId, campaignId, participantId)) ?? 0;
    return {
      balance,
      items: rows.map((r) => {
        const order = orders.find((o) => o.id === r.order_id) ?? null;
        const detail =
          r.kind === 'adjustment'
            ? r.reason
            : order
              ? order.productName
              : r.redeem_code
                ? r.redeem_code
                : null;
        return {
          at: new Date(r.at).toISOString(),
          kind: r.kind,
          amount: Number(r.amount),
          balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
          description: detail ? `${DESCRIPTIONS[r.kind]}: ${detail}` : DESCRIPTIONS[r.kind],
          order,
        };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
