/** An instant as the API writes it (ISO 8601, UTC), or null. */
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
