import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { LoginRequest } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { lazyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage } from '../../lib/form-errors.ts';
import { pagesPath } from '../../lib/paths.ts';
import { storeTenantConfig, storeToken } from '../../lib/session-storage.ts';
import { applyTheme, resetTheme } from '../../lib/theme.ts';
import { publicThemeQuery } from './auth.api.ts';
import { useLogin } from './auth.hooks.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { readSession } from './session.ts';

type LoginValues = Pick<LoginRequest, 'username' | 'password' | 'persistent'>;

const login$ = lazyResolver<LoginValues, LoginValues>(() =>
  import('./login-form-schema.ts').then((module) => module.loginFormResolver),
);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tenant } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const theme = useQuery({ ...publicThemeQuery(tenant ?? ''), enabled: Boolean(tenant) });
  const session = readSession();

  useEffect(() => {
    if (theme.data) applyTheme(theme.data.theme.preset, theme.data.colors);
    else if (!tenant) resetTheme();
  }, [theme.data, tenant]);

  const form = useForm<LoginValues, unknown, LoginValues>({
    resolver: login$.resolver,
    defaultValues: { username: '', password: '', persistent: false },
  });

  const mutation = useLogin({
    onSuccess: (result, variables) => {
      storeToken(result.token, variables.persistent === true);
      if (result.user.tenant) {
        storeTenantConfig({
          slug: result.user.tenant,
          name: theme.data?.name ?? result.user.tenant,
          preset: theme.data?.theme.preset ?? 'light',
          colors: theme.data?.colors ?? {},
        });
      }
      void navigate(pagesPath(result.user.tenant), { replace: true });
    },
    onError: (error) => {
      setFailure(error instanceof ApiError ? error.message : t('errors.unexpected'));
    },
  });

  const handleSubmit = form.handleSubmit((values) => {
    setFailure(null);
    mutation.mutate({ ...values, ...(tenant ? { tenant } : {}) });
  });

  const isUnknownTenant = Boolean(tenant) && theme.error instanceof ApiError && theme.error.status === 404;
  const title = theme.data?.name ?? (tenant ? tenant : t('login.platform'));
  const { errors } = form.formState;

  return (
    <main className="promo-login-page">
      <Paper withBorder shadow="md" p="xl" radius="md" w={400} maw="100%" className="promo-surface">
        <form onSubmit={handleSubmit} onFocus={login$.preload} noValidate>
          <Stack>
            {theme.data?.theme.logoUrl && (
              <Image src={theme.data.theme.logoUrl} alt={theme.data.name} h={56} fit="contain" />
            )}
            <Title order={1} size="h3">
              {title}
            </Title>
            <Title order={2} size="h5" c="dimmed" fw={500}>
              {t('login.title')}
            </Title>
            {isUnknownTenant && <Alert color="yellow">{t('login.unknownTenant', { tenant })}</Alert>}
            {theme.data?.status === 'suspended' && <Alert color="yellow">{t('login.suspendedTenant')}</Alert>}
            {session.status === 'active' && (
              <Alert color="blue">
                {t('login.alreadySignedIn')}{' '}
                <Anchor component={Link} to={pagesPath(session.payload.tenant)}>
                  {t('login.goToPanel')}
                </Anchor>
              </Alert>
            )}
            <TextInput
              label={t('login.username')}
              autoComplete="username"
              autoFocus
              {...form.register('username')}
              error={fieldMessage(errors.username)}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              {...form.register('password')}
              error={fieldMessage(errors.password)}
            />
            <Checkbox label={t('login.persistent')} {...form.register('persistent')} />
            {failure && (
              <Alert color="red" role="alert" data-testid="login-error">
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {t('login.submit')}
            </Button>
            <Group justify="center">
              <LanguageSwitch />
            </Group>
          </Stack>
        </form>
      </Paper>
    </main>
  );
}
