import type { Campaign } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { toZonedInput } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery, campaignQuery, groupsQuery } from '../campaigns/index.ts';
import type { StatsRange, StatsTarget } from './statistics.api.ts';

type Window = Pick<Campaign, 'startsAt' | 'endsAt'>;

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
const dayOf = (instant: number, timeZone: string | undefined) =>
  toZonedInput(new Date(instant).toISOString(), timeZone).slice(0, 10);

/**
 * The days, in the tenant's zone, that campaigns run: the first one's start day to the day of the
 * last one's end (an end at midnight closes the day before it); null without a campaign.
 */
export function campaignDays(campaigns: Window[], timeZone: string | undefined): StatsRange | null {
  const starts = campaigns.map((campaign) => Date.parse(campaign.startsAt)).filter(Number.isFinite);
  const ends = campaigns.map((campaign) => Date.parse(campaign.endsAt)).filter(Number.isFinite);
  if (starts.length === 0 || ends.length === 0) return null;
  return { from: dayOf(Math.min(...starts), timeZone), to: dayOf(Math.max(...ends) - 1, timeZone) };
}

/**
 * The range the statistics open on: the campaign's days (a group's: from its first campaign's start
 * to its last one's end); `fallback` when they cannot be read; undefined while they are read.
 */
export function useCampaignDays(target: StatsTarget, fallback: () => StatsRange): StatsRange | undefined {
  const { timeZone } = useBackOffice();
  const isCampaign = target.kind === 'campaign';
  const campaign = useQuery({ ...campaignQuery(target.id), enabled: isCampaign });
  const groups = useQuery({ ...groupsQuery(), enabled: !isCampaign });
  const campaigns = useQuery({ ...campaignOptionsQuery(), enabled: !isCampaign });
  if (isCampaign) {
    if (campaign.isPending) return undefined;
    return (campaign.data && campaignDays([campaign.data], timeZone)) ?? fallback();
  }
  if (groups.isPending || campaigns.isPending) return undefined;
  const ids = new Set(groups.data?.find((group) => group.id === target.id)?.campaignIds ?? []);
  const members = (campaigns.data ?? []).filter((item) => ids.has(item.id));
  return campaignDays(members, timeZone) ?? fallback();
}
