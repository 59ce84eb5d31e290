import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBackOffice } from '../../features/auth/index.ts';
import { HomePage } from '../../features/home/index.ts';
import { formatDateTime } from '../../lib/format.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';

export function Component() {
  const { role } = useBackOffice();
  return role === 'ADMIN' || role === 'ANALYST' ? <HomePage /> : <PlatformHome />;
}

/** The platform administrator's home: who and where they are (tenants have their own figures). */
function PlatformHome() {
  const { t } = useTranslation();
  const { role, tenant, timeZone, locale } = useBackOffice();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <Text>{t('dashboard.welcome', { tenant: tenant?.name ?? t('layout.platform') })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('dashboard.role')}
          </Text>
          <Text fw={600}>{t(`roles.${role}`)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('dashboard.now')}
          </Text>
          <Text fw={600}>{formatDateTime(new Date(), timeZone, locale)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('dashboard.timeZone')}
          </Text>
          <Text fw={600}>{timeZone ?? '—'}</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
