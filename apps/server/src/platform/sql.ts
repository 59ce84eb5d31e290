import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** Maps a list's `sort` parameter (`field` or `-field`) to an ORDER BY, from an allow-list. */
export function orderBy(sort: string | undefined, columns: Record<string, AnyColumn>, fallback: SQL): SQL {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return fallback;
  return descending ? desc(column) : asc(column);
}

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
