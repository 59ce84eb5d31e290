import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../csv.ts';
import { xlsxAttachment } from '../xlsx.ts';

/** The client's `Idempotency-Key` header, when it is a usable one (1 to 200 characters). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 200 ? key : undefined;
}

/** Sends a streamed report as a CSV or XLSX download named `name`. */
export function sendFile(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', stream: unknown) {
  return reply
    .headers(format === 'xlsx' ? xlsxAttachment(`${name}.xlsx`) : attachment(`${name}.csv`))
    .send(stream);
}
