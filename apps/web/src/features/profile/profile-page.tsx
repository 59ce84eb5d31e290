import { Button, Card, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { UserConfiguration } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toasts.ts';
import { meQuery, useBackOffice } from '../auth/index.ts';
import { configurationQuery, useUpdateConfiguration } from '../users/index.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

const PreferencesForm = UserConfiguration.pick({ locale: true, theme: true, persistentLogin: true });

export function ProfilePage() {
  const { t } = useTranslation();
  const { userId, role } = useBackOffice();
  const me = useQuery(meQuery());
  const configuration = useQuery(configurationQuery(userId));
  const form = useForm({
    resolver: contractResolver(PreferencesForm),
    defaultValues: { locale: 'es', theme: null, persistentLogin: false },
  });
  const { reset } = form;
  useEffect(() => {
    // only what this form edits: the rest of the configuration (table settings) is not its to
    // validate or send, and the strict schema would refuse it without a field to show it on
    if (configuration.data) {
      const { locale, theme, persistentLogin } = configuration.data;
      reset({ locale, theme, persistentLogin });
    }
  }, [configuration.data, reset]);

  const mutation = useUpdateConfiguration(userId, {
    onSuccess: async (saved) => {
      await changeLocale(saved.locale);
      showToast('success', t('profile.saved'));
    },
    onError: (error) => showApiError(error, form.setError, ['locale', 'theme', 'persistentLogin']),
  });

  const handleChangePassword = () => {
    const id = openAppModal({
      title: t('password.title'),
      children: <ChangePasswordForm userId={userId} onDone={() => closeAppModal(id)} />,
    });
  };
  const { errors } = form.formState;

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {t('users.username')}
        </Text>
        <Text fw={600}>{me.data?.username ?? '…'}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {t('users.role')}
        </Text>
        <Text fw={600}>{t(`roles.${role}`)}</Text>
        <Button variant="light" mt="md" w="fit-content" onClick={handleChangePassword}>
          {t('user.changePassword')}
        </Button>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('profile.preferences')}
        </Title>
        {configuration.isLoading ? (
          <Loader size="sm" aria-label={t('table.loading')} />
        ) : (
          <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
            <Stack>
              <Controller
                control={form.control}
                name="locale"
                render={({ field }) => (
                  <Select
                    label={t('user.language')}
                    data={[
                      { value: 'es', label: 'Español' },
                      { value: 'en', label: 'English' },
                    ]}
                    value={field.value ?? 'es'}
                    onChange={(value) => field.onChange(value ?? 'es')}
                    allowDeselect={false}
                    error={fieldMessage(errors.locale)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="theme"
                render={({ field }) => (
                  <Select
                    label={t('profile.theme')}
                    data={[
                      { value: 'tenant', label: t('profile.themeTenant') },
                      { value: 'light', label: t('themes.light') },
                      { value: 'dark-purple', label: t('themes.dark-purple') },
                    ]}
                    value={field.value ?? 'tenant'}
                    onChange={(value) => field.onChange(value === 'tenant' || !value ? null : value)}
                    allowDeselect={false}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="persistentLogin"
                render={({ field }) => (
                  <Switch
                    label={t('profile.persistentLogin')}
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={mutation.isPending}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </Stack>
  );
}
