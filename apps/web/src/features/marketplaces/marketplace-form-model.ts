import { CreateMarketplace, type Marketplace, UpdateMarketplace } from '@promo/contract';
import type { Resolver } from 'react-hook-form';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fromZonedInput, toZonedInput } from '../../lib/zoned-time.ts';

export type MarketplaceFormValues = {
  name: string;
  templateId: string;
  campaignId: string | null;
  productIds: string[];
  /** `YYYY-MM-DDTHH:mm` in the tenant's zone, or empty. */
  opensAt: string;
  closesAt: string;
  primaryColor: string;
  headline: string;
  active: boolean;
};

export const MARKETPLACE_FIELDS = [
  'name',
  'templateId',
  'campaignId',
  'productIds',
  'opensAt',
  'closesAt',
  'appearance',
  'active',
] as const;

export function marketplaceFormValues(
  marketplace: Marketplace | undefined,
  timeZone: string | undefined,
): MarketplaceFormValues {
  const appearance = (marketplace?.appearance ?? {}) as { primaryColor?: unknown; headline?: unknown };
  return {
    name: marketplace?.name ?? '',
    templateId: marketplace?.templateId ?? '',
    campaignId: marketplace?.campaignId ?? null,
    productIds: marketplace?.productIds ?? [],
    opensAt: marketplace?.opensAt ? toZonedInput(marketplace.opensAt, timeZone) : '',
    closesAt: marketplace?.closesAt ? toZonedInput(marketplace.closesAt, timeZone) : '',
    primaryColor: typeof appearance.primaryColor === 'string' ? appearance.primaryColor : '',
    headline: typeof appearance.headline === 'string' ? appearance.headline : '',
    active: marketplace?.active ?? true,
  };
}

/**
 * The request body: times from the tenant's zone to ISO (empty: no limit, null on edit to clear
 * it), the appearance with what was filled in (on edit an emptied field is sent as null: the
 * server merges the appearance key by key, so one left out would stay), the campaign only on
 * create (it is fixed after).
 */
export function toMarketplaceBody(
  values: MarketplaceFormValues,
  isEdit: boolean,
  timeZone: string | undefined,
): Record<string, unknown> {
  const when = (value: string) =>
    value ? (fromZonedInput(value, timeZone) ?? value) : isEdit ? null : undefined;
  const appearance: Record<string, string | null> = {};
  for (const key of ['primaryColor', 'headline'] as const) {
    const value = values[key].trim();
    if (value) appearance[key] = value;
    else if (isEdit) appearance[key] = null;
  }
  const body: Record<string, unknown> = {
    name: values.name,
    templateId: values.templateId.trim(),
    productIds: values.productIds,
    opensAt: when(values.opensAt),
    closesAt: when(values.closesAt),
    appearance,
    active: values.active,
  };
  if (!isEdit) body.campaignId = values.campaignId ?? '';
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** The contract schema checks the converted body; its errors land on the inputs of the same name. */
export function marketplaceResolver(
  isEdit: boolean,
  timeZone: string | undefined,
): Resolver<MarketplaceFormValues, unknown, CreateMarketplace | UpdateMarketplace> {
  return isEdit
    ? bodyResolver(
        UpdateMarketplace,
        (values: MarketplaceFormValues) => toMarketplaceBody(values, true, timeZone) as UpdateMarketplace,
      )
    : bodyResolver(
        CreateMarketplace,
        (values: MarketplaceFormValues) => toMarketplaceBody(values, false, timeZone) as CreateMarketplace,
      );
}
