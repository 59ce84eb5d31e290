import { Select, Stack, Text, Title } from '@mantine/core';
import { type PageSettings, SHARE_LIMITS } from '@promo/landing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload.tsx';
import { imageLibraryQuery } from '../images/index.ts';
import { CheckedInput, message, plain } from './checked-input.tsx';

/** Plain text of at most `max` characters. */
const plainUpTo = (max: number) => (value: string) =>
  value.length > max ? message('FIELD_TOO_LONG').replace('{max}', String(max)) : plain(value);

/**
 * The inspector with nothing selected: the page's title and description, and what a share shows
 * (title, description, and an image of the tenant's library: the server refuses any other).
 */
export function PageInspector({
  page,
  onPageChange,
}: {
  page: PageSettings;
  onPageChange: (page: PageSettings) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const library = useQuery(imageLibraryQuery());
  const images = library.data?.items ?? [];
  const options = images.map((image) => ({ value: image.url, label: image.name }));
  if (page.shareImageUrl && !options.some((o) => o.value === page.shareImageUrl))
    options.unshift({ value: page.shareImageUrl, label: page.shareImageUrl });
  return (
    <Stack gap="xs" p="sm" data-testid="inspector">
      <Title order={4}>{t('builder.inspector.page')}</Title>
      <Text size="xs" c="dimmed">
        {t('builder.inspector.pageHint')}
      </Text>
      <CheckedInput
        label={t('builder.inspector.pageTitle')}
        value={page.title}
        emoji
        check={plain}
        onCommit={(title) => onPageChange({ ...page, title })}
      />
      <CheckedInput
        label={t('builder.inspector.pageDescription')}
        value={page.description ?? ''}
        multiline
        emoji
        check={plain}
        onCommit={(description) => onPageChange({ ...page, description: description || undefined })}
      />
      <Title order={5} mt="sm">
        {t('builder.inspector.share')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('builder.inspector.shareHint')}
      </Text>
      <CheckedInput
        label={t('builder.inspector.shareTitle')}
        value={page.shareTitle ?? ''}
        testId="share-title"
        check={plainUpTo(SHARE_LIMITS.title)}
        onCommit={(shareTitle) => onPageChange({ ...page, shareTitle: shareTitle || undefined })}
      />
      <CheckedInput
        label={t('builder.inspector.shareDescription')}
        value={page.shareDescription ?? ''}
        multiline
        testId="share-description"
        check={plainUpTo(SHARE_LIMITS.description)}
        onCommit={(shareDescription) =>
          onPageChange({ ...page, shareDescription: shareDescription || undefined })
        }
      />
      <Select
        size="xs"
        label={t('builder.inspector.shareImage')}
        placeholder={t('builder.inspector.shareImageNone')}
        data-testid="share-image"
        data={options}
        value={page.shareImageUrl ?? null}
        clearable
        searchable
        onChange={(value) => onPageChange({ ...page, shareImageUrl: value || undefined })}
      />
      <ImageUpload
        onUploaded={(image) => {
          void queryClient.invalidateQueries({ queryKey: imageLibraryQuery().queryKey });
          onPageChange({ ...page, shareImageUrl: image.url });
        }}
      />
    </Stack>
  );
}
