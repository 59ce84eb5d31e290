import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** What a component does when its call ends: toasts, closing a modal, marking form fields. */
export type MutationReactions<TData, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
};

/**
 * A feature's mutation hook: the hook owns what the change makes stale (`refresh`, awaited), the
 * component passes its reactions, which run after it so a toast or a closed modal meets fresh data.
 */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: (queryClient: QueryClient, data: TData, variables: TVariables) => Promise<unknown> | undefined,
  { onSuccess, onError }: MutationReactions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await refresh(queryClient, data, variables);
      await onSuccess?.(data, variables);
    },
    onError: (error, variables) => onError?.(error, variables),
  });
}
