import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, type ErrorCode, errorMessage, errorStatus } from '@promo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeOf } from '../context.ts';
import { AppError } from '../errors.ts';

/** Longest request address (path and query) the server reads; longer ones get 414. */
export const MAX_URL_LENGTH = 4096;
/** Longest path parameter (ids, codes, slugs, identity numbers are all far shorter); longer gets 414. */
export const MAX_PARAM_LENGTH = 200;

function errorBody(code: ErrorCode, request?: FastifyRequest, params?: Record<string, string>): ErrorBody {
  return {
    error: { code, message: errorMessage(code, request ? localeOf(request) : 'es', params), details: [] },
  };
}

/**
 * What the server answers when the request never reaches a route: a malformed address
 * (bad percent-encoding) or a path parameter over MAX_PARAM_LENGTH. The address is not echoed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'BAD_REQUEST';
  return reply.status(errorStatus(code)).send(errorBody(code, request));
}

/**
 * Node's own refusals before any request exists (headers over `maxHeaderSize`, a request line or
 * header that is not HTTP), in the product's shape. Nothing of the request is echoed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST']
        : [400, 'BAD_REQUEST'];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The catalogue code for a refusal of Fastify's body parsing, or null when it is not one. */
export function parsingRefusal(error: FastifyError, request: FastifyRequest): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', [], {
        expected: request.routeOptions.schema?.body
          ? 'application/json'
          : 'application/json, multipart/form-data',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST');
  }
  // the JSON parser's own syntax and prototype-poisoning errors carry status 400 and no code
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400)
    return new AppError('BAD_REQUEST');
  return null;
}

/** Refuses an address longer than MAX_URL_LENGTH before any other hook reads it. */
export function registerUrlLengthLimit(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) =>
    done(request.url.length > MAX_URL_LENGTH ? new AppError('URL_TOO_LONG') : undefined),
  );
}
