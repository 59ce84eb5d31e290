import { EMOJI_SERVICE_ORIGIN } from '@promo/contract';

/** An emoji and its (English, lower-case) name. */
export type Emoji = { emoji: string; name: string };

/** Emojis shown at most for one search. */
export const EMOJI_SEARCH_LIMIT = 80;

/** The bundled set's emojis whose name holds every word of the query (all of them without one). */
export function searchBundled(list: readonly Emoji[], query: string, limit = EMOJI_SEARCH_LIMIT): Emoji[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length ? list.filter((e) => words.every((word) => e.name.includes(word))) : list;
  return found.slice(0, limit);
}

type ServiceItem = { character?: unknown; unicodeName?: unknown };

/**
 * emoji-api.com's documented search, `GET /emojis?search=<q>&access_key=<key>`: an array of
 * `{ slug, character, unicodeName, codePoint, group, subGroup }`, or `null` when nothing matches.
 * Anything else (an error object, a refused key, no network) throws.
 */
export async function searchService(
  query: string,
  key: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<Emoji[]> {
  const url = `${EMOJI_SERVICE_ORIGIN}/emojis?search=${encodeURIComponent(query)}&access_key=${encodeURIComponent(key)}`;
  const res = await fetchImpl(url, {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    signal: signal ?? null,
  });
  if (!res.ok) throw new Error(`emoji service answered ${res.status}`);
  const body: unknown = await res.json();
  if (body === null) return [];
  if (!Array.isArray(body)) throw new Error('emoji service answered something else');
  return (body as ServiceItem[])
    .flatMap((item) =>
      typeof item?.character === 'string' && typeof item.unicodeName === 'string'
        ? [{ emoji: item.character, name: item.unicodeName.toLowerCase() }]
        : [],
    )
    .slice(0, EMOJI_SEARCH_LIMIT);
}

/**
 * A search of the emoji picker: the emoji service when the tenant has its key (and there is
 * something to look for), the bundled set otherwise or whenever the service fails.
 */
export async function searchEmojis(
  query: string,
  options: {
    key: string | null | undefined;
    bundled: readonly Emoji[];
    fetchImpl?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<{ items: Emoji[]; source: 'service' | 'bundled' }> {
  if (options.key && query.trim()) {
    try {
      return {
        items: await searchService(query.trim(), options.key, options.fetchImpl, options.signal),
        source: 'service',
      };
    } catch {
      // offline, a refused key, a changed answer: the bundled set answers instead
    }
  }
  return { items: searchBundled(options.bundled, query), source: 'bundled' };
}
