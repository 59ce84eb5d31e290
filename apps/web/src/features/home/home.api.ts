import type { HomeSummary } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const homeKeys = { all: ['home'] as const };

/** The home's figures; kept fresh for a minute, refetched when the admin comes back to the tab. */
export const homeSummaryQuery = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => api.get<HomeSummary>('/home', { signal }),
    staleTime: 60_000,
  });
