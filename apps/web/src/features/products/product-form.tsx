import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { CreateProduct, Product, UpdateProduct } from '@promo/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload.tsx';
import { fieldMessage, showApiError, wholeFieldError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import {
  PRODUCT_FIELDS,
  type ProductFormValues,
  productFormValues,
  productResolver,
} from './product-form-model.ts';
import { useSaveProduct } from './products.hooks.ts';

/** Create (no product) or edit a product; the spec's messages land on their fields. */
export function ProductForm({ product, onDone }: { product?: Product; onDone: () => void }) {
  const { t } = useTranslation();
  const isEdit = Boolean(product);
  const form = useForm<ProductFormValues, unknown, CreateProduct | UpdateProduct>({
    resolver: productResolver(isEdit),
    defaultValues: productFormValues(product),
  });
  const redeemWith = form.watch('redeemWith');
  const mutation = useSaveProduct(product);
  const handleSubmit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: () => {
        showToast('success', isEdit ? t('products.updated') : t('products.created'));
        onDone();
      },
      onError: (error) => showApiError(error, form.setError, PRODUCT_FIELDS),
    }),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('products.name')}
          required
          data-autofocus
          {...form.register('name')}
          error={fieldMessage(errors.name)}
        />
        <Textarea
          label={t('products.description')}
          autosize
          minRows={2}
          {...form.register('description')}
          error={fieldMessage(errors.description)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label={t('products.kind')}
                data={(['physical', 'digital'] as const).map((kind) => ({
                  value: kind,
                  label: t(`products.kinds.${kind}`),
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'physical')}
                allowDeselect={false}
                disabled={isEdit}
                error={fieldMessage(errors.kind)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="redeemWith"
            render={({ field }) => (
              <Select
                label={t('products.redeemWith')}
                data={(['points', 'code'] as const).map((value) => ({
                  value,
                  label: t(`products.redeemWithOptions.${value}`),
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'points')}
                allowDeselect={false}
                error={fieldMessage(errors.redeemWith)}
              />
            )}
          />
          <TextInput
            label={t('products.price')}
            inputMode="numeric"
            disabled={redeemWith === 'code'}
            required={redeemWith === 'points'}
            {...form.register('pricePoints')}
            error={fieldMessage(errors.pricePoints)}
          />
          <TextInput
            label={t('products.stock')}
            description={t('products.stockHelp')}
            inputMode="numeric"
            required
            {...form.register('stock')}
            error={fieldMessage(errors.stock)}
          />
        </SimpleGrid>
        <Textarea
          label={t('products.images')}
          description={t('products.imagesHelp')}
          autosize
          minRows={2}
          {...form.register('images')}
          error={fieldMessage(wholeFieldError(errors.images))}
        />
        <ImageUpload
          onUploaded={(image) => {
            const current = form.getValues('images').trim();
            form.setValue('images', current ? `${current}\n${image.url}` : image.url, { shouldDirty: true });
          }}
        />
        {isEdit && (
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('products.active')}
                description={t('products.activeHelp')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={fieldMessage(errors.active)}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {isEdit ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
