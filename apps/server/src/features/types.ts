import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../platform/context.ts';
import type { FrontDoor } from '../platform/http/front-door.ts';
import type { Throttle } from '../platform/http/throttle.ts';
import type { PublicAssets } from '../platform/public-assets/load.ts';
import type { SignInPolicy } from './auth/index.ts';
import type { ParticipationKinds } from './participations/index.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Rate limits per client address, per minute. */
export type Limits = {
  loginPerMinute: number;
  publicPerMinute: number;
  participationsPerMinute: number;
  participationsPerIdentityPerMinute: number;
  /** Sign-in protection per account and address (docs/decisions/004); the defaults when absent. */
  signIn?: Partial<SignInPolicy>;
};

/** What every feature's routes receive: the app, the way to a service context, the limits. */
export type FeatureDeps = {
  app: App;
  ctxOf: (request: FastifyRequest) => Ctx;
  limits: Limits;
  /** A named counter shared by the app's servers (Redis) or per process. */
  throttle: (name: string, max: number, windowMs: number) => Throttle;
  /** The public pages' built scripts and styles, served at `/public/<file>`. */
  assets: PublicAssets;
  /** What each campaign kind does with a participation (features/participation-kinds.ts). */
  participationKinds: ParticipationKinds;
  /** Where answers held in memory are written before Fastify's pipeline (decision 038). */
  frontDoor: FrontDoor;
  /** What a service reads without a request: the caches, the clock, the configuration. */
  shared: Pick<Ctx, 'cache' | 'clock' | 'config'>;
};
