import { LoginRequest } from '@promo/contract';
import { contractResolver } from '../../lib/contract-resolver.ts';

/** Loaded on first use by the login page, so zod is not part of the login's first download. */
export const loginFormResolver = contractResolver(
  LoginRequest.pick({ username: true, password: true, persistent: true }),
);
