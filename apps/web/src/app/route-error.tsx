import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api.ts';

/** Error boundary of every route: says what failed and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  let message = t('errors.unexpected');
  if (error instanceof ApiError) message = error.message;
  else if (isRouteErrorResponse(error)) message = `${error.status} ${error.statusText}`;
  else if (error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message)) {
    message = t('errors.newVersion');
  }
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h3">
          {t('errors.title')}
        </Title>
        <Alert color="red">{message}</Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('actions.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
