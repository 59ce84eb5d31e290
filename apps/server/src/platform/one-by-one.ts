/**
 * Runs the reads of one transaction one after the other and answers their results as a tuple. A
 * connection runs one statement at a time: `Promise.all` over one transaction only queued them in
 * the driver (node-postgres warns that version 9 will refuse it), so nothing is lost by waiting.
 */
export async function oneByOne<T extends readonly (() => Promise<unknown>)[]>(
  ...steps: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
