import { Button, FileButton, Text } from '@mantine/core';
import type { Image } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../features/images/index.ts';
import { ApiError } from '../lib/api.ts';

/** "Upload image": the server checks, re-encodes and keeps it in the tenant's assets. */
export function ImageUpload({ onUploaded }: { onUploaded: (image: Image) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: uploadImage,
    onSuccess: (image) => {
      setError(null);
      onUploaded(image);
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('errors.unexpected')),
  });
  return (
    <div>
      <FileButton
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(file) => file && mutation.mutate(file)}
      >
        {(props) => (
          <Button size="xs" variant="light" loading={mutation.isPending} {...props}>
            {t('images.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined} mt={4}>
        {error ?? t('images.uploadHint')}
      </Text>
    </div>
  );
}
