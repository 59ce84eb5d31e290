import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { ResetPassword } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { loginPath } from '../../lib/paths.ts';
import { useResetPassword } from './auth.hooks.ts';

const ResetForm = ResetPassword.pick({ newPassword: true });

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const [searchParams] = useSearchParams();
  const uuid = searchParams.get('uuid') ?? '';
  const form = useForm({ resolver: contractResolver(ResetForm), defaultValues: { newPassword: '' } });
  const mutation = useResetPassword({
    onError: (error) => showApiError(error, form.setError, ['newPassword']),
  });
  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate({ uuid, newPassword: values.newPassword }),
  );

  return (
    <main className="promo-login-page">
      <Paper withBorder shadow="md" p="xl" radius="md" w={400} maw="100%" className="promo-surface">
        <Stack>
          <Title order={1} size="h3">
            {t('resetPassword.title')}
          </Title>
          {!uuid && <Alert color="red">{t('resetPassword.missingLink')}</Alert>}
          {mutation.isSuccess ? (
            <Alert color="green" role="status">
              {t('resetPassword.done')}{' '}
              <Anchor component={Link} to={loginPath(tenant)}>
                {t('resetPassword.toLogin')}
              </Anchor>
            </Alert>
          ) : (
            <form onSubmit={handleSubmit} noValidate>
              <Stack>
                <PasswordInput
                  label={t('resetPassword.newPassword')}
                  autoComplete="new-password"
                  autoFocus
                  {...form.register('newPassword')}
                  error={fieldMessage(form.formState.errors.newPassword)}
                />
                <Button type="submit" loading={mutation.isPending} disabled={!uuid}>
                  {t('resetPassword.submit')}
                </Button>
                <Anchor component={Link} to={loginPath(tenant)} size="sm">
                  {t('resetPassword.toLogin')}
                </Anchor>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
