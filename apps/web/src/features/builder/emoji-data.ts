import groups from 'unicode-emoji-json/data-by-group.json';
import type { Emoji } from './emoji-search.ts';

/**
 * The bundled emoji set (unicode-emoji-json, decision 016), in Unicode's order. Imported only by
 * the lazily loaded picker panel: it stays out of the back-office's main chunk and of the builder's.
 */
export const BUNDLED_EMOJIS: readonly Emoji[] = groups.flatMap((group) =>
  group.emojis.map((e) => ({ emoji: e.emoji, name: e.name })),
);
