import type {
  CreateLanding,
  CreateLandingFromTemplate,
  CreateTemplateGroup,
  Landing,
  LandingGroup,
  LandingGroupInput,
  LandingSummary,
  LandingVersion,
} from '@promo/contract';
import type { LandingDocument } from '@promo/landing';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Landing pages and landing groups of the back office (server: `/api/landing-pages`, `/api/landing-group`). */
export type LandingWithDocument = Omit<Landing, 'document'> & { document: LandingDocument };

export const landingKeys = {
  all: ['landings'] as const,
  lists: () => [...landingKeys.all, 'list'] as const,
  list: (campaignId: string) => [...landingKeys.lists(), campaignId] as const,
  detail: (id: string) => [...landingKeys.all, 'one', id] as const,
  versions: (id: string) => [...landingKeys.all, 'versions', id] as const,
};
export const landingGroupKeys = { all: ['landing-groups'] as const };

export const landingsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: landingKeys.list(campaignId),
    queryFn: ({ signal }) => api.get<LandingSummary[]>('/landing-pages', { query: { campaignId }, signal }),
    enabled: Boolean(campaignId),
  });

export const landingQuery = (id: string) =>
  queryOptions({
    queryKey: landingKeys.detail(id),
    queryFn: ({ signal }) => api.get<LandingWithDocument>(`/landing-pages/${id}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const landingVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: landingKeys.versions(id),
    queryFn: ({ signal }) => api.get<LandingVersion[]>(`/landing-pages/${id}/versions`, { signal }),
  });

export const createLanding = (body: CreateLanding) =>
  api.post<{ id: string; version: number }>('/landing-pages', body);
export const createLandingFromTemplate = (body: CreateLandingFromTemplate) =>
  api.post<{ id: string; version: number }>('/landing-pages/template', body);
export const updateLanding = (
  id: string,
  body: { name?: string; document?: LandingDocument; version?: number },
) => api.put<LandingWithDocument>(`/landing-pages/${id}`, body);
export const deleteLanding = (id: string) => api.delete(`/landing-pages/${id}`);
export const publishLanding = (id: string) =>
  api.post<LandingWithDocument>(`/landing-pages/${id}/publish`, {});
export const rollbackLanding = (id: string, version: number) =>
  api.post<LandingWithDocument>(`/landing-pages/${id}/rollback`, { version });
export const duplicateLanding = (id: string) =>
  api.post<LandingWithDocument>(`/landing-pages/${id}/duplicate`, {});

export const landingGroupsQuery = () =>
  queryOptions({
    queryKey: landingGroupKeys.all,
    queryFn: ({ signal }) => api.get<LandingGroup[]>('/landing-group', { signal }),
  });
export const createLandingGroup = (body: LandingGroupInput) => api.post<LandingGroup>('/landing-group', body);
export const updateLandingGroup = (id: string, body: LandingGroupInput) =>
  api.put<LandingGroup>(`/landing-group/${id}`, body);
export const deleteLandingGroup = (id: string) => api.delete(`/landing-group/${id}`);
/**
 * The campaign's form page and thank-you page, made from its kind's templates, published as one
 * group; a repeated request with the same `idempotencyKey` gets the first one's group back.
 */
export const createTemplateGroup = (campaignId: string, body: CreateTemplateGroup, idempotencyKey: string) =>
  api.post<LandingGroup>(`/campaigns/${campaignId}/landing-group`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
