import { ActionIcon, Loader, Popover } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownTenantQuery } from '../tenants/index.ts';

// the panel and its bundled emoji set are a chunk of their own, fetched on the first opening
const EmojiPanel = lazy(() => import('./emoji-panel.tsx'));

/** The emoji picker of a builder text field: a button that opens the (lazily loaded) panel. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // the tenant's emoji service key (admins only: the builder is theirs)
  const tenant = useQuery({ ...ownTenantQuery(), enabled: opened });
  return (
    <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('builder.emoji.open')}
          title={t('builder.emoji.open')}
          data-testid="emoji-open"
          onClick={() => setOpened((open) => !open)}
        >
          <span aria-hidden>😀</span>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {opened ? (
          <Suspense fallback={<Loader size="xs" />}>
            <EmojiPanel serviceKey={tenant.data?.config.emojiServiceKey ?? null} onPick={onPick} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
