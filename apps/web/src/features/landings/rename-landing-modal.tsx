import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { type LandingSummary, UpdateLanding } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../components/modal-width.ts';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useRenameLanding } from './landings.hooks.ts';

type RenameValues = { name: string };

// Renaming always sends the name (the contract's update takes it as optional).
const RenameLanding = UpdateLanding.pick({ name: true }).required();

export function RenameLandingModal({
  landing,
  onClose,
}: {
  landing: LandingSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={landing !== null} onClose={onClose} title={t('landings.rename')} {...MODAL_WIDTH}>
      {landing ? <RenameLandingForm key={landing.id} landing={landing} onDone={onClose} /> : null}
    </Modal>
  );
}

function RenameLandingForm({ landing, onDone }: { landing: LandingSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<RenameValues, unknown, { name: string }>({
    resolver: bodyResolver(RenameLanding, ({ name }: RenameValues) => ({ name: name.trim() })),
    defaultValues: { name: landing.name },
  });
  const rename = useRenameLanding(landing.id, {
    onSuccess: () => {
      showToast('success', t('landings.renamed'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['name']),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ name }) => rename.mutate(name))}>
      <Stack>
        <TextInput
          label={t('landings.name')}
          {...form.register('name')}
          error={fieldMessage(form.formState.errors.name)}
          data-autofocus
        />
        <Button type="submit" loading={rename.isPending}>
          {t('actions.save')}
        </Button>
      </Stack>
    </form>
  );
}
