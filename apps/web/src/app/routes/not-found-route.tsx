import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginPath } from '../../lib/paths.ts';
import { readTenantConfig } from '../../lib/session-storage.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.message')}</Text>
        <Anchor component={Link} to={loginPath(readTenantConfig()?.slug)}>
          {t('notFound.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
