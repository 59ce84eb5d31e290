import { z } from 'zod';
import { IMAGE_UPLOAD_LIMITS } from './images.ts';

const MB = 1024 * 1024;

/**
 * The size limit of each kind of upload, in one place: the server refuses a larger file whole
 * (413 UPLOAD_TOO_LARGE naming `label`), the web app shows it beside the file input, and
 * `docs/uploads.md` explains the choice.
 */
export const UPLOAD_LIMITS = {
  'reward-codes': { maxBytes: 40 * MB, label: '40 MB' },
  'raffle-codes': { maxBytes: 40 * MB, label: '40 MB' },
  'redeem-codes': { maxBytes: 40 * MB, label: '40 MB' },
  'product-codes': { maxBytes: 40 * MB, label: '40 MB' },
  participants: { maxBytes: 20 * MB, label: '20 MB' },
  blacklist: { maxBytes: 10 * MB, label: '10 MB' },
  centres: { maxBytes: 5 * MB, label: '5 MB' },
  images: { maxBytes: IMAGE_UPLOAD_LIMITS.maxBytes, label: '5 MB' },
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** The largest limit: what the multipart parser is configured with before a route narrows it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

/** Refused rows listed one by one in a report; beyond it only their count (`refusedTotal`). */
export const UPLOAD_REPORT_MAX_ROWS = 1000;

/** Query of every CSV upload. */
export const UploadQuery = z.object({
  onlyValid: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'true: import the valid rows and report the refused ones; default (false): any refused row ' +
        'refuses the whole file (422 UPLOAD_ROWS_REFUSED) and nothing is written',
    ),
});
export type UploadQuery = z.infer<typeof UploadQuery>;

/** The answer of every upload: what was taken and, row by row, what was refused and why. */
export const UploadReport = z.object({
  total: z.number().int().describe('data rows read'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int().optional().describe('rows already present and left as they were'),
  refused: z
    .array(
      z.object({
        row: z.number().int().describe('line number in the file, the header being line 1'),
        errors: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
      }),
    )
    .describe('the refused rows in line order, at most the first 1,000'),
  refusedTotal: z
    .number()
    .int()
    .optional()
    .describe('how many rows were refused in all (more than listed when over 1,000)'),
});
export type UploadReport = z.infer<typeof UploadReport>;
