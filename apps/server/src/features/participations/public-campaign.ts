import type { PublicCampaign } from '@promo/contract';
import { richTextHtml } from '@promo/landing';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findCampaignByName, formFieldsOf } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { isOpen, publicTenant } from './participate.ts';

/** A campaign as its public page shows it; archived and never-activated campaigns are not found. */
export async function getPublicCampaign(
  ctx: Ctx,
  tenantSlug: string,
  campaignName: string,
): Promise<PublicCampaign> {
  const tenant = await publicTenant(ctx, tenantSlug);
  return ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const campaign = await findCampaignByName(tx, tenant.id, campaignName);
    if (!campaign || campaign.archived || !campaign.activatedAt) throw new AppError('NOT_FOUND');
    const country = await findCountryCached(ctx, campaign.countryCode, tx);
    if (!country) throw new AppError('NOT_FOUND');
    const fields = formFieldsOf(campaign) ?? [];
    return {
      name: campaign.name,
      title: campaign.title,
      description: campaign.description,
      terms: richTextHtml(campaign.terms) || null,
      privacy: richTextHtml(campaign.privacy) || null,
      kind: campaign.kind,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
      available: fields.length > 0 && isOpen(campaign, ctx.clock.now()),
      fields,
      country: {
        code: country.code,
        phonePrefix: country.phonePrefix,
        phoneDigits: country.phoneDigits,
        identity: { label: country.identity.label, pattern: country.identity.pattern },
        departmentLabel: country.departmentLabel,
        departments: country.departments,
        timeZone: country.timeZone,
      },
    };
  });
}
