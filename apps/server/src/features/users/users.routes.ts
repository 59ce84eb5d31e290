import {
  ChangePassword,
  ForgotPassword,
  IdParams,
  PasswordResetLink,
  pageOf,
  RegisterUser,
  ResetPassword,
  UpdateUser,
  UpdateUserConfiguration,
  User,
  UserConfiguration,
  UserListQuery,
} from '@promo/contract';
import { z } from 'zod';
import { ANY_ROLE } from '../../platform/auth/guard.ts';
import type { FeatureDeps } from '../types.ts';
import { createPasswordResetLink, forgotPassword, resetPassword } from './password-reset.ts';
import {
  changePassword,
  deleteUser,
  getConfiguration,
  getUser,
  listUsers,
  registerUser,
  updateConfiguration,
  updateUser,
} from './users.service.ts';

export const USER_ADMINS = ['SUPERADMIN', 'ADMIN'] as const;
const tags = ['users'];

export function registerUsersRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  app.post(
    '/api/users/register',
    {
      config: { access: USER_ADMINS },
      schema: { tags, summary: 'Create a back-office user', body: RegisterUser, response: { 201: User } },
    },
    async (request, reply) => reply.status(201).send(await registerUser(ctxOf(request), request.body)),
  );

  app.get(
    '/api/users',
    {
      config: { access: USER_ADMINS },
      schema: {
        tags,
        summary: 'Users of the tenant',
        querystring: UserListQuery,
        response: { 200: pageOf(User) },
      },
    },
    async (request) => listUsers(ctxOf(request), request.query),
  );

  app.post(
    '/api/users/password/forgot',
    {
      config: { access: 'public', rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Send a reset link if the user exists',
        body: ForgotPassword,
        response: { 202: z.object({ accepted: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await forgotPassword(ctxOf(request), request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/users/password/reset',
    {
      config: { access: 'public', rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: ResetPassword,
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request) => {
      await resetPassword(ctxOf(request), request.body);
      return { reset: true as const };
    },
  );

  app.patch(
    '/api/users/password/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Change your password, or (admin) set another user’s',
        params: IdParams,
        body: ChangePassword,
        response: {
          200: z.object({
            changed: z.literal(true),
            token: z.string().optional(),
            expiresAt: z.string().optional(),
          }),
        },
      },
    },
    async (request) => changePassword(ctxOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/password-reset',
    {
      config: { access: USER_ADMINS },
      schema: {
        tags,
        summary: 'One-time link (1 hour) for a user to set a password',
        params: IdParams,
        response: { 201: PasswordResetLink },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPasswordResetLink(ctxOf(request), request.params.id)),
  );

  app.get(
    '/api/users/configuration/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'A user’s preferences',
        params: IdParams,
        response: { 200: UserConfiguration },
      },
    },
    async (request) => getConfiguration(ctxOf(request), request.params.id),
  );

  app.patch(
    '/api/users/configuration/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Change a user’s preferences',
        params: IdParams,
        body: UpdateUserConfiguration,
        response: { 200: UserConfiguration },
      },
    },
    async (request) => updateConfiguration(ctxOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'A user (admins: any; others: themselves)',
        params: IdParams,
        response: { 200: User },
      },
    },
    async (request) => getUser(ctxOf(request), request.params.id),
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: ANY_ROLE },
      schema: { tags, summary: 'Update a user', params: IdParams, body: UpdateUser, response: { 200: User } },
    },
    async (request) => updateUser(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: USER_ADMINS },
      schema: { tags, summary: 'Delete a user', params: IdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteUser(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
