import { describe, expect, it, vi } from 'vitest';
import { BUNDLED_EMOJIS } from './emoji-data.ts';
import { searchBundled, searchEmojis } from './emoji-search.ts';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const answer = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('emoji search', () => {
  it('finds emojis of the bundled set by every word of their name, offline', () => {
    expect(BUNDLED_EMOJIS.length).toBeGreaterThan(1500);
    expect(searchBundled(BUNDLED_EMOJIS, 'pizza').map((e) => e.emoji)).toEqual(['🍕']);
    expect(searchBundled(BUNDLED_EMOJIS, 'Red HEART').map((e) => e.emoji)).toContain('❤️');
    expect(searchBundled(BUNDLED_EMOJIS, '')).toHaveLength(80);
    expect(searchBundled(BUNDLED_EMOJIS, 'no such emoji')).toEqual([]);
  });

  it('without the tenant’s key never calls the service', async () => {
    const fetchImpl = answer([]);
    const result = await searchEmojis('pizza', { key: null, bundled: BUNDLED_EMOJIS, fetchImpl });
    expect(result).toEqual({ source: 'bundled', items: [{ emoji: '🍕', name: 'pizza' }] });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('with the key asks the emoji service in its documented shape', async () => {
    const fetchImpl = answer([
      {
        slug: 'e0-6-slice-of-pizza',
        character: '🍕',
        unicodeName: 'E0.6 pizza',
        codePoint: '1F355',
        group: 'food-drink',
        subGroup: 'food-prepared',
      },
    ]);
    const result = await searchEmojis('pizza slice', { key: KEY, bundled: BUNDLED_EMOJIS, fetchImpl });
    expect(result).toEqual({ source: 'service', items: [{ emoji: '🍕', name: 'e0.6 pizza' }] });
    const [url] = fetchImpl.mock.calls[0] as unknown as [string];
    expect(url).toBe(`https://emoji-api.com/emojis?search=pizza%20slice&access_key=${KEY}`);
    // nothing found is the service's null, not a failure
    expect(await searchEmojis('zzz', { key: KEY, bundled: BUNDLED_EMOJIS, fetchImpl: answer(null) })).toEqual(
      {
        source: 'service',
        items: [],
      },
    );
  });

  it('falls back to the bundled set when the service is unreachable, refuses the key or answers otherwise', async () => {
    const failures = [
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      answer({ status: 'error', message: 'Invalid access key' }, 401),
      answer({ status: 'error', message: 'Invalid access key' }),
    ];
    for (const fetchImpl of failures) {
      const result = await searchEmojis('pizza', { key: KEY, bundled: BUNDLED_EMOJIS, fetchImpl });
      expect(result).toEqual({ source: 'bundled', items: [{ emoji: '🍕', name: 'pizza' }] });
      expect(fetchImpl).toHaveBeenCalledOnce();
    }
  });
});
