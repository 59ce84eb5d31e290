import type {
  CreateLandingFromTemplate,
  CreateTemplateGroup,
  FormField,
  LandingGroup,
} from '@promo/contract';
import { type LandingDocument, TEMPLATE_PAGES, type TemplatePage, templateDocument } from '@promo/landing';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { idempotent, requestHash, type Stored } from '../../platform/idempotency.ts';
import { findCampaign, formFieldsOf } from '../campaigns/index.ts';
import { holdsPoints } from '../points/index.ts';
import { groupName, insertGroupIn, translateUnique } from './landing-groups.service.ts';
import { createLanding, insertLandingIn, publishIn } from './landings.service.ts';
import { forgetPublicPages } from './public-page.ts';

type Campaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/**
 * The designed template page `page` of the campaign's kind (its form page or its thank-you page),
 * filled with the campaign's title, description and form fields.
 */
function templateOf(ctx: Ctx, campaign: Campaign, page: TemplatePage): LandingDocument {
  return templateDocument(
    {
      kind: campaign.kind,
      title: campaign.title,
      description: campaign.description,
      fields: (formFieldsOf(campaign) as FormField[] | null) ?? [],
      // a campaign holding points has a shop: the marketplace's public entry
      ...(holdsPoints(campaign)
        ? { shopUrl: `/${actorOf(ctx).tenantSlug}/marketplace-authentication/${campaign.name}` }
        : {}),
    },
    page,
  );
}

/** Creates a landing's draft from the designed template page of the campaign's kind. */
export async function createLandingFromTemplate(
  ctx: Ctx,
  input: CreateLandingFromTemplate,
): Promise<{ id: string; version: number }> {
  const { tenantId } = actorOf(ctx);
  const campaign = await inTenant(ctx, (tx) => findCampaign(tx, tenantId, input.campaignId));
  if (!campaign) throw fieldError('campaignId', 'FIELD_INVALID');
  const document = templateOf(ctx, campaign, input.page);
  return createLanding(ctx, { name: input.name, campaignId: input.campaignId, document });
}

/** The names of the two landings the one-click page makes, the page's kind first (≤ 100). */
const PAGE_NAMES: Record<TemplatePage, string> = { form: 'Formulario', thanks: 'Agradecimiento' };

/**
 * The guided path's "create and publish the page": the campaign kind's form page and thank-you
 * page, each made from its template, published, and put in this order in a new landing group
 * (`input.name`, else the campaign's name cut to 40), all in one transaction: a refusal (a group
 * name taken, another tenant's campaign) leaves nothing behind. A repeated request (a double
 * click, a retry after a lost answer) with the same Idempotency-Key gets the first one's group,
 * also while the first is still under way; without a key, the second is refused on `name`.
 */
export async function createTemplateGroup(
  ctx: Ctx,
  campaignId: string,
  input: CreateTemplateGroup,
  key: string | undefined,
): Promise<Stored<LandingGroup>> {
  const { tenantId } = actorOf(ctx);
  try {
    const result = await inTenant(ctx, (tx) =>
      idempotent(
        tx,
        tenantId,
        key ? `landing-group-template:${key}` : undefined,
        requestHash(['landing-group-template', campaignId, input]),
        async () => {
          const campaign = await findCampaign(tx, tenantId, campaignId);
          if (!campaign) throw new AppError('NOT_FOUND');
          const name = groupName({ name: input.name ?? campaign.name.slice(0, 40).replace(/-+$/, '') });
          const landingIds: string[] = [];
          for (const page of TEMPLATE_PAGES) {
            const created = await insertLandingIn(ctx, tx, {
              name: `${PAGE_NAMES[page]} · ${campaign.title}`.slice(0, 100),
              campaignId,
              document: templateOf(ctx, campaign, page),
            });
            await publishIn(ctx, tx, created.id);
            landingIds.push(created.id);
          }
          const group = await insertGroupIn(ctx, tx, name, { name, campaignId, landingIds });
          return { status: 201, body: group };
        },
      ),
    );
    if (!result.replayed) forgetPublicPages(ctx);
    return result;
  } catch (error) {
    translateUnique(error);
  }
}
