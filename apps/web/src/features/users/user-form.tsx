import { Button, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { RegisterUser, type Role, UpdateUser, type User } from '@promo/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { CentreSelect } from '../centres/index.ts';
import { useRegisterUser, useUpdateUser } from './users.hooks.ts';

const TENANT_ROLES: Role[] = ['ADMIN', 'ANALYST', 'OPERATOR'];

/** Empty optional texts are sent as absent (create) or null (edit), never as ''. */
const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function useRoleOptions() {
  const { t } = useTranslation();
  return TENANT_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

const CreateForm = RegisterUser.pick({
  username: true,
  password: true,
  role: true,
  name: true,
  email: true,
  centreId: true,
});

export function CreateUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const form = useForm({
    resolver: contractResolver(CreateForm),
    defaultValues: {
      username: '',
      password: '',
      role: 'OPERATOR' as Role,
      name: undefined,
      email: undefined,
      centreId: undefined,
    },
  });
  const isOperator = form.watch('role') === 'OPERATOR';
  const mutation = useRegisterUser({
    onSuccess: () => {
      showToast('success', t('users.created'));
      onDone();
    },
    onError: (error) =>
      showApiError(error, form.setError, ['username', 'password', 'role', 'name', 'email', 'centreId']),
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values.role === 'OPERATOR' ? values : { ...values, centreId: undefined }),
      )}
      noValidate
    >
      <Stack>
        <TextInput
          label={t('users.username')}
          data-autofocus
          autoComplete="off"
          {...form.register('username')}
          error={fieldMessage(errors.username)}
        />
        <PasswordInput
          label={t('users.password')}
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldMessage(errors.password)}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('users.role')}
              data={roles}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'OPERATOR')}
              allowDeselect={false}
              error={fieldMessage(errors.role)}
            />
          )}
        />
        {isOperator && (
          <Controller
            control={form.control}
            name="centreId"
            render={({ field }) => (
              <CentreSelect
                label={t('operatorCentre.label')}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={fieldMessage(errors.centreId)}
              />
            )}
          />
        )}
        <TextInput
          label={t('users.name')}
          {...form.register('name', { setValueAs: blankToUndefined })}
          error={fieldMessage(errors.name)}
        />
        <TextInput
          label={t('users.email')}
          type="email"
          {...form.register('email', { setValueAs: blankToUndefined })}
          error={fieldMessage(errors.email)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Only an OPERATOR has a centre: another role clears a stored one and sends nothing otherwise. */
function withoutCentre(values: UpdateUser, hasCentre: boolean): UpdateUser {
  const { centreId: _ignored, ...rest } = values;
  return hasCentre ? { ...rest, centreId: null } : rest;
}

const EditForm = UpdateUser.pick({ name: true, email: true, role: true, centreId: true });
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function EditUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const form = useForm({
    resolver: contractResolver(EditForm),
    defaultValues: { name: user.name, email: user.email, role: user.role, centreId: user.centreId },
  });
  const isOperatorEdit = form.watch('role') === 'OPERATOR';
  const mutation = useUpdateUser({
    onSuccess: () => {
      showToast('success', t('users.updated'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['name', 'email', 'role', 'centreId']),
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate({
          id: user.id,
          changes: values.role === 'OPERATOR' ? values : withoutCentre(values, user.centreId !== null),
        }),
      )}
      noValidate
    >
      <Stack>
        <TextInput label={t('users.username')} value={user.username} readOnly disabled />
        <TextInput
          label={t('users.name')}
          data-autofocus
          {...form.register('name', { setValueAs: blankToNull })}
          error={fieldMessage(errors.name)}
        />
        <TextInput
          label={t('users.email')}
          type="email"
          {...form.register('email', { setValueAs: blankToNull })}
          error={fieldMessage(errors.email)}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('users.role')}
              data={roles}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              allowDeselect={false}
              error={fieldMessage(errors.role)}
            />
          )}
        />
        {isOperatorEdit && (
          <Controller
            control={form.control}
            name="centreId"
            render={({ field }) => (
              <CentreSelect
                label={t('operatorCentre.label')}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                error={fieldMessage(errors.centreId)}
              />
            )}
          />
        )}
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
