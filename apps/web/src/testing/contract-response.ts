import { type ErrorCode, errorMessage, errorStatus } from '@promo/contract';
import { expect } from 'vitest';
import { prettifyError, type z } from 'zod';

// A fake's fetch runs inside the api client, which takes whatever it throws for a network
// failure: a fake's own complaint would reach the component, not the test. So the checks below
// fail the running test with `expect.soft` (from any callback) before they throw.

/**
 * A fake server's success answer, its body first parsed with the contract's schema of that
 * answer: a fake that drifts from what the server answers fails the test, instead of feeding a
 * component a shape the server never sends. The body sent is the parsed one (unknown keys dropped),
 * as the server's serializer sends it.
 */
export function contractResponse<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  const parsed = schema.safeParse(body);
  expect
    .soft(parsed.error && prettifyError(parsed.error), 'the fake answers a body the contract refuses')
    .toBeUndefined();
  if (!parsed.success) throw new Error('the fake answers a body the contract refuses');
  return new Response(JSON.stringify(parsed.data), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The JSON body a fake server received, parsed with the contract's schema of the route's request. */
export function contractRequest<S extends z.ZodType>(schema: S, init: RequestInit): z.output<S> {
  const parsed = schema.safeParse(JSON.parse(String(init.body ?? 'null')));
  expect
    .soft(parsed.error && prettifyError(parsed.error), 'the app sends a body the contract refuses')
    .toBeUndefined();
  if (!parsed.success) throw new Error('the app sends a body the contract refuses');
  return parsed.data;
}

/**
 * A fake server's refusal: the one error body, the catalogue's code, its message and status;
 * `on` names the field it concerns, with the same code (a detail as the server sends it).
 */
export function errorResponse(code: ErrorCode, status = errorStatus(code), on?: string): Response {
  const details = on ? [{ path: on, code, message: errorMessage(code, 'es') }] : [];
  return new Response(JSON.stringify({ error: { code, message: errorMessage(code, 'es'), details } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
