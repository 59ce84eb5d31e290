import type { FastifyInstance } from 'fastify';

/**
 * A request refused while its body is still arriving (an upload over its limit, 413; a refused
 * token or a rate limit before an upload is read) is answered with `connection: close`, and Node
 * closes the connection as soon as that answer is written (`res._last`, then `destroySoon`). The
 * rest of the body is never waited for, and no half-read connection stays open: a graceful
 * shutdown waited for such a connection until its timeout (30 s). Requests without a body, and
 * answers that are not refusals, keep their connection.
 */
export function registerRefusedBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { headers } = request;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    // `complete` is false while the body is still arriving (app.inject's requests have none)
    if (reply.statusCode >= 400 && hasBody && request.raw.complete === false)
      reply.header('connection', 'close');
    done(null, payload);
  });
}
