import { Loader, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUNDLED_EMOJIS } from './emoji-data.ts';
import { searchEmojis } from './emoji-search.ts';

/** How long the emoji service may take before the bundled set answers. */
const SERVICE_TIMEOUT_MS = 4000;

/**
 * The emoji picker's panel, loaded only when a picker is opened (it carries the bundled set):
 * a search box and the matching emojis; a click inserts one.
 */
export default function EmojiPanel({
  serviceKey,
  onPick,
}: {
  serviceKey: string | null;
  onPick: (emoji: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useQuery({
    queryKey: ['emoji-search', serviceKey ?? '', debounced],
    queryFn: () =>
      searchEmojis(debounced, {
        key: serviceKey,
        bundled: BUNDLED_EMOJIS,
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const items = search.data?.items ?? [];
  return (
    <Stack gap="xs" data-testid="emoji-panel">
      <TextInput
        size="xs"
        data-autofocus
        placeholder={t('builder.emoji.search')}
        aria-label={t('builder.emoji.search')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={search.isFetching ? <Loader size={12} /> : null}
      />
      <ScrollArea h={200} type="auto">
        <SimpleGrid cols={8} spacing={2}>
          {items.map((item) => (
            <UnstyledButton
              key={`${item.emoji}-${item.name}`}
              aria-label={item.name}
              title={item.name}
              fz="xl"
              ta="center"
              onClick={() => onPick(item.emoji)}
            >
              {item.emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {search.isSuccess && items.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('builder.emoji.none')}
          </Text>
        ) : null}
      </ScrollArea>
      {search.data ? (
        <Text size="xs" c="dimmed" data-testid="emoji-source">
          {search.data.source === 'service' ? t('builder.emoji.fromService') : t('builder.emoji.bundled')}
        </Text>
      ) : null}
    </Stack>
  );
}
