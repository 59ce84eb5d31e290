import { UPLOAD_LIMITS, type UploadKind, UploadQuery } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type SpooledUpload, withSpooledUpload } from '../uploads/spool.ts';
import { findInputProblems } from './input-guard.ts';

export type UploadOptions = { onlyValid: boolean };

/**
 * Hands the uploaded file of a multipart request to `use`, with the text fields sent before it
 * (send fields first) and the query's choice (`onlyValid`). The file is spooled to disk under the
 * limit of its `kind` and checked to be text first: a larger or binary file is refused whole.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  kind: UploadKind,
  use: (fields: Record<string, string>, upload: SpooledUpload, options: UploadOptions) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('UPLOAD_INVALID', [{ path: 'file', code: 'UPLOAD_INVALID' }]);
  const query = UploadQuery.safeParse(request.query ?? {});
  const options = { onlyValid: query.success && query.data.onlyValid === 'true' };
  const fields: Record<string, string> = {};
  // one byte over the limit, so that "over" can be told from "exactly at" the limit
  const limits = { fileSize: UPLOAD_LIMITS[kind].maxBytes + 1 };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      // the text fields get the checks every JSON body gets (characters, length)
      const problems = findInputProblems({ [part.fieldname]: String(part.value) });
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems);
      fields[part.fieldname] = String(part.value);
    } else return withSpooledUpload(part.file, kind, (upload) => use(fields, upload, options));
  }
  throw new AppError('VALIDATION_FAILED', [{ path: 'file', code: 'FIELD_REQUIRED' }]);
}
