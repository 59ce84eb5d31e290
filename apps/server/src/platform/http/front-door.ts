import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { RequestTally } from './request-tally.ts';

/**
 * An answer held in memory, ready to write: its status, every header but the request id (as a flat
 * name, value, name, value… list, lower-case names, `content-length` included) and its body. A
 * route builds it once per representation and keeps it; writing it costs one `writeHead`.
 */
export type HeldAnswer = { status: number; headers: readonly string[]; body: Buffer | string };

/** A route the front door may answer: the route pattern Fastify knows it by, and the answer if held. */
export type FrontDoorRoute = {
  /** Fastify's pattern for the same route (the metrics' and the log's `route`). */
  route: string;
  /** The held answer to this GET request, or undefined: Fastify answers it. */
  answer(request: IncomingMessage): HeldAnswer | undefined;
};

/** The logger's levels at which Fastify logs every request (its `info` lines). */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

type Options = {
  /** The headers every answer carries (security-headers.ts); an answer's own header of a name wins. */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** The request id, as Fastify's `genReqId` makes it. */
  requestId: (request: IncomingMessage) => string;
  /** The client's address as Fastify's `request.ip` gives it (client-address.ts), for the log. */
  clientAddress: (request: IncomingMessage) => string;
};

/**
 * The way in before Fastify (decision 038). A GET whose answer a route holds in memory (a landing
 * page already rendered from the state still current) is written here, straight to Node's
 * response; every other request goes on to Fastify untouched. Fastify's pipeline costs a page
 * about 30 µs on this machine (routing, the request and reply objects, the shared hooks, the
 * header copies), three times what writing the page costs (bench/README.md, session 17).
 *
 * What the shared hooks give every answer, an answer here gets too: the security headers, the
 * request id (`x-request-id`), `connection: close` while the server shuts down, the request's
 * count and time in the metrics under Fastify's route pattern, and Fastify's two log lines when the
 * level is `info` or finer. Nothing here reads a body, a cookie or a token: a route answers only
 * requests it recognises whole (its own address pattern and query), and defers anything else.
 */
export class FrontDoor {
  private readonly routes: FrontDoorRoute[] = [];
  private opened: { log: FastifyBaseLogger; tally: RequestTally } | null = null;
  /** Set when the server starts closing: answers then ask clients to drop the connection. */
  closing = false;

  private readonly options: Options;

  constructor(options: Options) {
    // names in lower case, as Fastify's reply keeps them (helmet writes `Content-Security-Policy`)
    const securityHeaders = options.securityHeaders.map(
      ([name, value]) => [name.toLowerCase(), value] as const,
    );
    this.options = { ...options, securityHeaders };
  }

  /** The headers every answer carries, Fastify's included (app.ts sets them in an `onRequest` hook). */
  get securityHeaders(): ReadonlyArray<readonly [string, string]> {
    return this.options.securityHeaders;
  }

  /** A route's held answers are tried, in the order routes are added, before Fastify's routing. */
  add(route: FrontDoorRoute): void {
    this.routes.push(route);
  }

  /**
   * Answers from now on, logged by Fastify's logger and counted in the metrics' tally (both made
   * with the app, after the server): until then every request goes on to Fastify.
   */
  open(through: { log: FastifyBaseLogger; tally: RequestTally }): void {
    this.opened = through;
  }

  /** `answer` as written for `headers`: the security headers first, less those the answer sets itself. */
  held(status: number, headers: ReadonlyArray<readonly [string, string]>, body: Buffer | string): HeldAnswer {
    const own = new Set(headers.map(([name]) => name.toLowerCase()));
    const all = [...this.options.securityHeaders.filter(([name]) => !own.has(name)), ...headers];
    // a 304 has no body and, as Fastify answers it, no length
    if (status === 304) return { status, headers: all.flat(), body: '' };
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    return { status, headers: [...all.flat(), 'content-length', String(length)], body };
  }

  /** Fastify's `serverFactory`: Node's HTTP server as Fastify would make it, with this door in front. */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || !this.answered(request, response)) handler(request, response);
    });
    // as Fastify sets them on the server it makes itself (fastify/lib/server.js)
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };

  private answered(request: IncomingMessage, response: ServerResponse): boolean {
    const opened = this.opened;
    if (!opened) return false;
    const start = performance.now();
    for (const route of this.routes) {
      let answer: HeldAnswer | undefined;
      try {
        answer = route.answer(request);
      } catch (error) {
        // a fault of a route's look-up costs that request the short way in, never the process
        opened.log.error(
          { err: error, route: route.route },
          'front door: the held answer failed; Fastify answers',
        );
        return false;
      }
      if (answer) {
        this.write(opened, request, response, route.route, answer, start);
        return true;
      }
    }
    return false;
  }

  private write(
    { log: logger, tally }: { log: FastifyBaseLogger; tally: RequestTally },
    request: IncomingMessage,
    response: ServerResponse,
    route: string,
    answer: HeldAnswer,
    start: number,
  ): void {
    const id = this.options.requestId(request);
    const log = LOGS_REQUESTS.has(logger.level) ? logger.child({ reqId: id }) : null;
    log?.info({ req: this.logged(request, route) }, 'incoming request');
    const headers = [...answer.headers, 'x-request-id', id];
    if (this.closing) headers.push('connection', 'close');
    response.writeHead(answer.status, headers);
    response.end(answer.body);
    const elapsed = performance.now() - start;
    tally.record('GET', route, answer.status, elapsed / 1000);
    log?.info({ res: { statusCode: answer.status }, responseTime: elapsed }, 'request completed');
  }

  /**
   * The request as the logger's `req` serializer reads a Fastify request (log-safety.ts): its
   * method, route pattern and client address.
   */
  private logged(request: IncomingMessage, route: string) {
    return {
      method: 'GET',
      url: request.url,
      routeOptions: { url: route },
      ip: this.options.clientAddress(request),
    };
  }
}
