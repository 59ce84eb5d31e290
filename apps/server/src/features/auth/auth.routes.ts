import {
  LoginRequest,
  LoginResponse,
  SessionUser,
  ValidateTokenRequest,
  ValidateTokenResponse,
} from '@promo/contract';
import { z } from 'zod';
import { ANY_ROLE } from '../../platform/auth/guard.ts';
import type { FeatureDeps } from '../types.ts';
import { getSessionUser, signOut } from '../users/index.ts';
import { login, validateToken } from './auth.service.ts';
import { SIGN_IN_POLICY } from './sign-in-protection.ts';

export function registerAuthRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  const signInPolicy = { ...SIGN_IN_POLICY, ...limits.signIn };
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (request) => login(ctxOf(request), request.body, signInPolicy),
  );

  app.post(
    '/api/validate-token',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Check a token',
        body: ValidateTokenRequest,
        response: { 200: ValidateTokenResponse },
      },
    },
    async (request) => validateToken(ctxOf(request), request.body.token),
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: ANY_ROLE },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: SessionUser } },
    },
    async (request) => getSessionUser(ctxOf(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: every token of the signed-in user stops working, on every device',
        response: { 204: z.null().describe('signed out') },
      },
    },
    async (request, reply) => {
      await signOut(ctxOf(request));
      return reply.status(204).send(null);
    },
  );
}
