import type { IncomingMessage, ServerResponse } from 'node:http';
import { EMOJI_SERVICE_ORIGIN } from '@promo/contract';
import helmet from 'helmet';

/**
 * The security headers of every answer (helmet's, with the back office's content security
 * policy), worked out once: helmet's answer does not depend on the request with these options, so
 * its middleware runs a single time against a recording response and each answer gets the
 * recorded headers (bench/README.md, landing). A public page replaces the policy with its own.
 */
export function securityHeaderPairs(): ReadonlyArray<readonly [string, string]> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // the builder's emoji picker searches the emoji service when the tenant has its key
        connectSrc: ["'self'", EMOJI_SERVICE_ORIGIN],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  const pairs = new Map<string, string>();
  const recording = {
    setHeader(name: string, value: string | number | readonly string[]) {
      pairs.set(name, String(value));
      return recording;
    },
    removeHeader(name: string) {
      pairs.delete(name);
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recording as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...pairs];
}
