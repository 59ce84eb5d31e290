import type {
  Campaign,
  CampaignForm,
  CampaignGroupInput,
  CreateCampaign,
  RuleKind,
  UpdateCampaign,
} from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import {
  archiveCampaign,
  campaignGroupKeys,
  campaignKeys,
  createCampaign,
  createGroup,
  createRule,
  deleteCampaign,
  deleteGroup,
  deleteRule,
  type RuleTarget,
  restoreCampaign,
  ruleKeys,
  saveCampaignForm,
  setCampaignActive,
  updateCampaign,
  updateGroup,
  updateRule,
} from './campaigns.api.ts';

/** Creates a campaign, or updates the one given. */
export function useSaveCampaign(
  campaignId: string | undefined,
  reactions?: MutationReactions<Campaign, Record<string, unknown>>,
) {
  return useRefreshingMutation(
    (body: Record<string, unknown>) =>
      campaignId
        ? updateCampaign(campaignId, body as UpdateCampaign)
        : createCampaign(body as CreateCampaign),
    (queryClient) => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    reactions,
  );
}

export function useSetCampaignActive(campaignId: string, reactions?: MutationReactions<Campaign, boolean>) {
  return useRefreshingMutation(
    (active: boolean) => setCampaignActive(campaignId, active),
    (queryClient) => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    reactions,
  );
}

/** Archives (`true`) or restores (`false`) a campaign. */
export function useArchiveCampaign(campaignId: string, reactions?: MutationReactions<Campaign, boolean>) {
  return useRefreshingMutation(
    (isArchived: boolean) => (isArchived ? archiveCampaign(campaignId) : restoreCampaign(campaignId)),
    (queryClient) => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    reactions,
  );
}

export function useDeleteCampaign(campaignId: string, reactions?: MutationReactions<unknown, void>) {
  return useRefreshingMutation(
    () => deleteCampaign(campaignId),
    (queryClient) => {
      // The deleted campaign's page must not refetch it.
      queryClient.removeQueries({ queryKey: campaignKeys.detail(campaignId) });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    reactions,
  );
}

/** Saves the participation form; the answer is the stored form, so it replaces the cached one. */
export function useSaveCampaignForm(
  campaignId: string,
  reactions?: MutationReactions<CampaignForm, CampaignForm>,
) {
  return useRefreshingMutation(
    (body: CampaignForm) => saveCampaignForm(campaignId, body),
    (queryClient, form) => {
      queryClient.setQueryData(campaignKeys.form(campaignId), form);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    },
    reactions,
  );
}

/** Creates a rule on the target, or updates the params of the rule given. */
export function useSaveRule(
  target: RuleTarget,
  ruleId: string | undefined,
  reactions?: MutationReactions<unknown, { kind: RuleKind; params: Record<string, unknown> }>,
) {
  return useRefreshingMutation(
    ({ kind, params }: { kind: RuleKind; params: Record<string, unknown> }) =>
      ruleId ? updateRule(ruleId, params) : createRule({ ...target, kind, params }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
    reactions,
  );
}

export function useDeleteRule(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteRule,
    (queryClient) => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
    reactions,
  );
}

/** Creates a group, or updates the one given; campaigns show their groups, so they refresh too. */
export function useSaveGroup(
  groupId: string | undefined,
  reactions?: MutationReactions<unknown, CampaignGroupInput>,
) {
  return useRefreshingMutation(
    (body: CampaignGroupInput) => (groupId ? updateGroup(groupId, body) : createGroup(body)),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: campaignGroupKeys.all });
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    reactions,
  );
}

export function useDeleteGroup(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteGroup,
    (queryClient) => queryClient.invalidateQueries({ queryKey: campaignGroupKeys.all }),
    reactions,
  );
}
