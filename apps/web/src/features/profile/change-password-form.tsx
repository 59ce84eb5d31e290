import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { ChangePassword, errorMessage } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { appLocale } from '../../lib/i18n.ts';
import { replaceToken } from '../../lib/session-storage.ts';
import { showToast } from '../../lib/toasts.ts';
import { useChangePassword } from '../users/index.ts';

const OwnPasswordForm = ChangePassword.extend({
  currentPassword: ChangePassword.shape.currentPassword.unwrap().min(1, { error: 'FIELD_REQUIRED' }),
}).pick({ currentPassword: true, newPassword: true });

/** Changes your own password; the server hands back a fresh token that replaces the stored one. */
export function ChangePasswordForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(OwnPasswordForm),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const mutation = useChangePassword(userId, {
    onSuccess: (result) => {
      if (result.token) replaceToken(result.token);
      showToast('success', t('password.changed'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['currentPassword', 'newPassword']),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          data-autofocus
          {...form.register('currentPassword')}
          error={fieldMessage(errors.currentPassword)}
        />
        <PasswordInput
          label={t('password.new')}
          description={errorMessage('PASSWORD_TOO_WEAK', appLocale())}
          autoComplete="new-password"
          {...form.register('newPassword')}
          error={fieldMessage(errors.newPassword)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
