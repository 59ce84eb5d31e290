import { type ErrorCode, type ErrorDetail, errorMessage, isErrorCode } from '@promo/contract';
import { i18n } from './i18n.ts';
import { readToken } from './session-storage.ts';

/** A failed API call, parsed from the server's one error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];

  constructor(status: number, code: ErrorCode, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The login call: a 401 there is a wrong password, not an expired session. */
  isLogin?: boolean;
  headers?: Record<string, string>;
};

let onUnauthorized: (() => void) | null = null;

/** Registers what a 401 does (the forced logout); kept here as a hook to avoid an import cycle. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function currentLocale(): 'es' | 'en' {
  return i18n.language?.startsWith('en') ? 'en' : 'es';
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  const locale = currentLocale();
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; details?: unknown };
    };
    const error = body.error;
    if (error && isErrorCode(error.code)) {
      const message = typeof error.message === 'string' ? error.message : errorMessage(error.code, locale);
      const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
      return new ApiError(response.status, error.code, message, details);
    }
  } catch {
    // not JSON: fall through to a generic error
  }
  const code: ErrorCode = response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL_ERROR';
  return new ApiError(response.status, code, errorMessage(code, locale));
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale(), ...options.headers };
  const token = readToken();
  if (token && !options.isLogin) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'INTERNAL_ERROR', errorMessage('INTERNAL_ERROR', currentLocale()));
  }
  if (!response.ok) {
    const error = await toApiError(response);
    // Only a refusal of the session still stored ends it: calls that left before a forced logout
    // and come back refused after it must not log out (and toast) a second time.
    if (response.status === 401 && !options.isLogin && token && readToken() === token) onUnauthorized?.();
    throw error;
  }
  return response;
}

async function json<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return plain ?? fallback;
}

/** Saves a blob made in the browser (or fetched) as a file download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches a download as a blob and saves it with the server's file name. */
async function download(path: string, options: RequestOptions & { fallbackName?: string } = {}) {
  const response = await send(options.body === undefined ? 'GET' : 'POST', path, options);
  const blob = await response.blob();
  const name = fileNameOf(response, options.fallbackName ?? 'download');
  saveBlob(blob, name);
  return name;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => json<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    json<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => json<T>('DELETE', path, options),
  download,
};
