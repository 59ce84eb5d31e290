import type { Role } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import type { Actor } from '../context.ts';
import { AppError } from '../errors.ts';
import { type VerifiedToken, verifyToken } from './tokens.ts';

/** Who may call a route: anyone (`public`), or any signed-in user whose role is listed. */
export type Access = 'public' | readonly Role[];

export const ANY_ROLE: readonly Role[] = ['SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR'];
export const TENANT_ROLES: readonly Role[] = ['ADMIN', 'ANALYST', 'OPERATOR'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it (the table the access tests walk). */
    routeAccess: RouteAccess[];
  }
}

export type RouteAccess = { method: string; url: string; access: Access };

/** What the current user row says about a token's subject; null when the user is gone. */
export type PrincipalRow = {
  role: Role;
  tokenVersion: number;
  active: boolean;
  tenantStatus: 'active' | 'suspended';
  tenantSlug: string | null;
};

export type GuardOptions = {
  secret: string;
  clock: Clock;
  findPrincipal: (tenantId: string, userId: string) => Promise<PrincipalRow | null>;
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates and authorises every /api route from its declared `access`. A route without
 * one fails at start-up: no route is open by omission. The token is checked against the user's
 * current row, so a deleted or deactivated user, or a token older than the last password change,
 * is refused at once.
 */
export const authGuard = fp<GuardOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('actor', null);
  app.decorate('routeAccess', [] as RouteAccess[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
    }
  });

  async function authenticate(request: FastifyRequest): Promise<Actor> {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const claims: VerifiedToken | null = await verifyToken(options.secret, token, options.clock.now());
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const row = await options.findPrincipal(claims.tid, claims.sub);
    if (!row?.active || row.tokenVersion !== claims.ver) throw new AppError('UNAUTHENTICATED');
    if (row.tenantStatus === 'suspended') throw new AppError('TENANT_SUSPENDED');
    return { userId: claims.sub, tenantId: claims.tid, tenantSlug: row.tenantSlug, role: row.role };
  }

  // a callback hook, not an async one: a public request passes without a promise made for it
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    authenticate(request).then((actor) => {
      if (!access.includes(actor.role)) return done(new AppError('FORBIDDEN'));
      request.actor = actor;
      done();
    }, done);
  });
});
