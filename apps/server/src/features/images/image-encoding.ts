import type { Readable } from 'node:stream';
import { IMAGE_UPLOAD_LIMITS } from '@promo/contract';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

const FILE_ERROR = (code: 'IMAGE_TOO_LARGE' | 'IMAGE_TYPE_NOT_ALLOWED' | 'IMAGE_INVALID') => {
  const params = { max: IMAGE_UPLOAD_LIMITS.maxBytes / 1024 / 1024 };
  return new AppError(code, [{ path: 'file', code, params }], params);
};

/** Reads an upload into memory, refusing it as soon as it passes the size limit. */
export async function readLimited(file: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      file.resume(); // the parser goes on until the connection closes after the 413 (refused-bodies.ts)
      throw FILE_ERROR('IMAGE_TOO_LARGE');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The format the first bytes announce: JPEG, PNG, GIF or WebP, else null (SVG, HTML, anything). */
export function sniffFormat(bytes: Buffer): (typeof IMAGE_UPLOAD_LIMITS.formats)[number] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export type EncodedImage = { data: Buffer; width: number; height: number };

/**
 * Checks the bytes are a JPEG, PNG, WebP or GIF (by content, not name), then re-encodes them as
 * WebP: turned upright by its EXIF orientation, at most 2000 px a side, first frame only, and no
 * metadata (no location or camera data reaches the public page).
 */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  if (!sniffFormat(input)) throw FILE_ERROR('IMAGE_TYPE_NOT_ALLOWED');
  const options = {
    limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels,
    animated: false,
    failOn: 'error' as const,
  };
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({
        width: IMAGE_UPLOAD_LIMITS.maxSide,
        height: IMAGE_UPLOAD_LIMITS.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw FILE_ERROR('IMAGE_INVALID');
  }
}
