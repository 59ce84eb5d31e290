import { gzipSync } from 'node:zlib';
import { brotliText, type ContentCoding } from '../../platform/http/content-coding.ts';
import type { FrontDoor, HeldAnswer } from '../../platform/http/front-door.ts';
import type { PublicPage } from './public-page.ts';

/**
 * The page's body in `coding`, compressed once and kept with the rendered page (brotli at its best
 * quality: about 12 ms for a 15 KB page, once per published version and process).
 */
function encodedBody(page: PublicPage, coding: ContentCoding): Buffer | string {
  if (coding === 'identity') return page.body;
  page.compressed ??= {};
  if (coding === 'gzip') page.compressed.gzip ??= gzipSync(page.body);
  else page.compressed.br ??= brotliText(page.body);
  return page.compressed[coding] as Buffer;
}

/** A compressed answer's ETag: another representation of the same page, so another tag. */
function encodedEtag(etag: string, coding: ContentCoding): string {
  if (coding === 'identity') return etag;
  return `${etag.slice(0, -1)}-${coding === 'gzip' ? 'gz' : 'br'}"`;
}

/** A public page's answer to one request: status, the page's own headers, body. */
export type PageAnswer = { status: number; headers: Array<[string, string]>; body: Buffer | string };

/** Whether an If-None-Match value names `etag` (a weak tag matches as well). */
function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  return (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === etag)
  );
}

/**
 * The answer to a request for `page` in `coding`, the one rule for Fastify's route and the front
 * door: a landing page is revalidated on every visit (a publish shows at once, an unchanged page
 * costs a 304), compressed as the browser prefers; the plain pages are never stored.
 */
export function pageAnswer(
  page: PublicPage,
  coding: ContentCoding,
  ifNoneMatch: string | string[] | undefined,
): PageAnswer {
  const headers: Array<[string, string]> = [
    ['content-type', 'text/html; charset=utf-8'],
    ['content-security-policy', page.csp],
    ['x-robots-tag', page.status === 200 && page.etag ? 'all' : 'noindex'],
  ];
  if (!page.etag) {
    headers.push(['cache-control', 'no-store']);
    return { status: page.status, headers, body: page.body };
  }
  const etag = encodedEtag(page.etag, coding);
  headers.push(['cache-control', 'public, no-cache'], ['vary', 'accept-encoding'], ['etag', etag]);
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: '' };
  if (coding !== 'identity') headers.push(['content-encoding', coding]);
  return { status: page.status, headers, body: encodedBody(page, coding) };
}

/**
 * A landing page's answer as the front door writes it, made once per page, coding and status and
 * kept with the page (a publish renders a new page, so nothing kept outlives its page).
 */
export function heldPageAnswer(
  door: FrontDoor,
  page: PublicPage,
  coding: ContentCoding,
  ifNoneMatch: string | string[] | undefined,
): HeldAnswer {
  const notModified =
    page.etag !== null &&
    ifNoneMatch !== undefined &&
    etagMatches(ifNoneMatch, encodedEtag(page.etag, coding));
  const key = notModified ? `${coding} 304` : coding;
  page.held ??= new Map();
  let held = page.held.get(key);
  if (!held) {
    const answer = pageAnswer(page, coding, ifNoneMatch);
    held = door.held(answer.status, answer.headers, answer.body);
    page.held.set(key, held);
  }
  return held;
}
