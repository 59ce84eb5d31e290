import type { LoginRequest, LoginResponse } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import type { MutationReactions } from '../../lib/mutations.ts';
import { login, resetPassword } from './auth.api.ts';

/** Signs in; storing the session and where to go next are the caller's. */
export function useLogin(reactions?: MutationReactions<LoginResponse, LoginRequest>) {
  return useMutation({ mutationFn: login, ...reactions });
}

export function useResetPassword(
  reactions?: MutationReactions<
    Awaited<ReturnType<typeof resetPassword>>,
    Parameters<typeof resetPassword>[0]
  >,
) {
  return useMutation({ mutationFn: resetPassword, ...reactions });
}
