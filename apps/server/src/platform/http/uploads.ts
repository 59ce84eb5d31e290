import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Hands the uploaded file of a multipart request to `use`, with the text fields sent before it
 * (send fields first: the file is streamed, never held in memory).
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  use: (fields: Record<string, string>, file: Readable) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('UPLOAD_INVALID', [{ path: 'file', code: 'UPLOAD_INVALID' }]);
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else return use(fields, part.file);
  }
  throw new AppError('VALIDATION_FAILED', [{ path: 'file', code: 'FIELD_REQUIRED' }]);
}
