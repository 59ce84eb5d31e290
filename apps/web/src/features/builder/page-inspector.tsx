import { Stack, Text, Title } from '@mantine/core';
import { isSafeImageUrl, type PageSettings } from '@promo/landing';
import { useTranslation } from 'react-i18next';
import { CheckedInput, message, plain } from './checked-input.tsx';

/** The inspector with nothing selected: the page's title, description and share image. */
export function PageInspector({
  page,
  onPageChange,
}: {
  page: PageSettings;
  onPageChange: (page: PageSettings) => void;
}) {
  const { t } = useTranslation();
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
      <CheckedInput
        label={t('builder.inspector.shareImage')}
        value={page.shareImageUrl ?? ''}
        check={(v) => (v === '' || isSafeImageUrl(v) ? null : message('FIELD_INVALID'))}
        onCommit={(shareImageUrl) => onPageChange({ ...page, shareImageUrl: shareImageUrl || undefined })}
      />
    </Stack>
  );
}
