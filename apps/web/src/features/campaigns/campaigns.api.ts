import type {
  Campaign,
  CampaignForm,
  CampaignGroup,
  CampaignGroupInput,
  CampaignKind,
  CampaignState,
  CreateCampaign,
  Page,
  Rule,
  RuleKind,
  StoredCampaignForm,
  UpdateCampaign,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export type CampaignFilters = {
  kind?: CampaignKind | undefined;
  state?: CampaignState | undefined;
  archived?: 'true' | 'false' | 'any';
  groupId?: string | undefined;
};

export type RuleTarget = { campaignId: string } | { groupId: string };

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (state: TableState & CampaignFilters) => [...campaignKeys.all, 'list', state] as const,
  options: () => [...campaignKeys.all, 'options'] as const,
  detail: (id: string) => [...campaignKeys.all, 'one', id] as const,
  form: (id: string) => [...campaignKeys.all, 'form', id] as const,
};
export const ruleKeys = {
  all: ['rules'] as const,
  of: (target: RuleTarget) => [...ruleKeys.all, target] as const,
};
export const campaignGroupKeys = { all: ['campaign-groups'] as const };

export const campaignsQuery = (state: TableState & CampaignFilters) =>
  queryOptions({
    queryKey: campaignKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Campaign>>('/campaigns', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

/** Every campaign (archived too), for pickers; the server caps a page at 200. */
export const campaignOptionsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.options(),
    queryFn: ({ signal }) =>
      api.get<Page<Campaign>>('/campaigns', {
        query: { page: 1, pageSize: 200, archived: 'any', sort: 'title' },
        signal,
      }),
    select: (page) => page.items,
  });

/** The campaign as stored now (read afresh, not from the cache). */
export const fetchCampaign = (id: string, signal?: AbortSignal) =>
  api.get<Campaign>(`/campaigns/${id}`, { signal });

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => fetchCampaign(id, signal),
  });

export const createCampaign = (body: CreateCampaign) => api.post<Campaign>('/campaigns', body);
export const updateCampaign = (id: string, body: UpdateCampaign) =>
  api.patch<Campaign>(`/campaigns/${id}`, body);
export const deleteCampaign = (id: string) => api.delete(`/campaigns/${id}`);
export const setCampaignActive = (id: string, active: boolean) =>
  api.patch<Campaign>(`/campaigns/${id}/active-status`, { active });
export const archiveCampaign = (id: string) => api.post<Campaign>(`/campaigns/${id}/archive`);
export const restoreCampaign = (id: string) => api.post<Campaign>(`/campaigns/${id}/restore`);

export const campaignFormQuery = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.form(id),
    queryFn: ({ signal }) => api.get<StoredCampaignForm>(`/campaigns/${id}/form`, { signal }),
  });
export const saveCampaignForm = (id: string, body: CampaignForm) =>
  api.put<CampaignForm>(`/campaigns/${id}/form`, body);

export const rulesQuery = (target: RuleTarget) =>
  queryOptions({
    queryKey: ruleKeys.of(target),
    queryFn: ({ signal }) => api.get<Rule[]>('/campaign-rulers', { query: target, signal }),
  });
export const createRule = (body: RuleTarget & { kind: RuleKind; params: Record<string, unknown> }) =>
  api.post<Rule>('/campaign-rulers', body);
export const updateRule = (id: string, params: Record<string, unknown>) =>
  api.patch<Rule>(`/campaign-rulers/${id}`, { params });
export const deleteRule = (id: string) => api.delete(`/campaign-rulers/${id}`);

export const groupsQuery = () =>
  queryOptions({
    queryKey: campaignGroupKeys.all,
    queryFn: ({ signal }) => api.get<CampaignGroup[]>('/campaign-groups', { signal }),
  });
export const createGroup = (body: CampaignGroupInput) => api.post<CampaignGroup>('/campaign-groups', body);
export const updateGroup = (id: string, body: CampaignGroupInput) =>
  api.put<CampaignGroup>(`/campaign-groups/${id}`, body);
export const deleteGroup = (id: string) => api.delete(`/campaign-groups/${id}`);
