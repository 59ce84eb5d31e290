import type { RegisterUser, UpdateUser, User } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { createResetLink, deleteUser, registerUser, updateUser, userKeys } from './users.api.ts';

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
