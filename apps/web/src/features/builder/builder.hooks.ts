import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { usePublishLanding } from '../landings/index.ts';
import type { useAutosave } from './use-autosave.ts';

/** Publishing from the editor: the draft is saved at once first, and a draft that fails to save is not published. */
export function usePublishDraft(landingId: string, autosave: ReturnType<typeof useAutosave>) {
  const { t } = useTranslation();
  const [isSaving, setSaving] = useState(false);
  const publish = usePublishLanding({
    onSuccess: () => showToast('success', t('builder.published')),
    onError: (error) => showApiError(error),
  });
  const handlePublish = async () => {
    setSaving(true);
    const isSaved = await autosave.flush().finally(() => setSaving(false));
    if (!isSaved) return showToast('danger', autosave.error ?? t('builder.saveFailed'));
    publish.mutate(landingId);
  };
  return { publish: handlePublish, isPublishing: isSaving || publish.isPending };
}
