import type { ChangePassword, RegisterUser, UpdateUser, User, UserConfiguration } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import {
  changePassword,
  configurationKeys,
  createResetLink,
  deleteUser,
  registerUser,
  updateConfiguration,
  updateUser,
  userKeys,
} from './users.api.ts';

export function useRegisterUser(reactions?: MutationReactions<User, RegisterUser>) {
  return useRefreshingMutation(
    registerUser,
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    reactions,
  );
}

export function useUpdateUser(reactions?: MutationReactions<User, { id: string; changes: UpdateUser }>) {
  return useRefreshingMutation(
    ({ id, changes }: { id: string; changes: UpdateUser }) => updateUser(id, changes),
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    reactions,
  );
}

export function useDeleteUser(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteUser,
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    reactions,
  );
}

/** A one-time password reset link for a user; it changes nothing shown. */
export function useCreateResetLink(
  reactions?: MutationReactions<Awaited<ReturnType<typeof createResetLink>>, string>,
) {
  return useMutation({ mutationFn: createResetLink, ...reactions });
}

/** Saves a user's own settings; the answer is the stored configuration, so it replaces the cached one. */
export function useUpdateConfiguration(
  userId: string,
  reactions?: MutationReactions<UserConfiguration, Partial<UserConfiguration>>,
) {
  return useRefreshingMutation(
    (values: Partial<UserConfiguration>) => updateConfiguration(userId, values),
    (queryClient, saved) => {
      queryClient.setQueryData(configurationKeys.of(userId), saved);
      return undefined;
    },
    reactions,
  );
}

export function useChangePassword(
  userId: string,
  reactions?: MutationReactions<Awaited<ReturnType<typeof changePassword>>, ChangePassword>,
) {
  return useMutation({
    mutationFn: (values: ChangePassword) => changePassword(userId, values),
    ...reactions,
  });
}
