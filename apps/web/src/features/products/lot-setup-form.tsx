import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LotSetup } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Controller,
  type FieldError,
  type FieldPath,
  type UseFormReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { CentreSelect } from '../centres/index.ts';
import { emptyLot, emptyShop, errorsByPath, type LotDraft, toLotSetup } from './product-form-model.ts';
import { productOptionsQuery } from './products.api.ts';
import { useCreateLots } from './products.hooks.ts';

type LotSetupValues = { lots: LotDraft[] };
type LotSetupForm = UseFormReturn<LotSetupValues, unknown, LotSetup>;

/** A list's own refusal (no lot, a lot without shops), not its items': the form's or the server's. */
function listMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { root } = error as { root?: FieldError };
  if (root) return fieldMessage(root);
  return 'message' in error ? fieldMessage(error as FieldError) : undefined;
}

/** The server's refusals by path: a list's own (`lots`, `lots.0.shops`) on its root. */
function showLotErrors(error: unknown, setError: LotSetupForm['setError']) {
  if (!(error instanceof ApiError) || error.details.length === 0) {
    showApiError(error);
    return;
  }
  for (const [path, message] of Object.entries(errorsByPath(error.details))) {
    const isList = path === 'lots' || /^lots\.\d+\.shops$/.test(path);
    setError((isList ? `${path}.root` : path) as FieldPath<LotSetupValues>, { type: 'server', message });
  }
}

/** One lot: its product, its reference and its shops with an amount each. */
function LotFields({
  form,
  index,
  productOptions,
  onRemove,
}: {
  form: LotSetupForm;
  index: number;
  productOptions: { value: string; label: string }[];
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const shops = useFieldArray({ control, name: `lots.${index}.shops` });
  const errors = form.formState.errors.lots?.[index];
  const number = index + 1;
  const shopsMessage = listMessage(errors?.shops);
  return (
    <Card withBorder component="fieldset" aria-label={t('lots.lot', { number })}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('lots.lot', { number })}</Text>
        <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
          {t('lots.removeLot', { number })}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name={`lots.${index}.productId`}
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={t('lots.product')}
              data={productOptions}
              value={field.value}
              onChange={field.onChange}
              searchable
              nothingFoundMessage={t('table.noResults')}
              error={fieldMessage(errors?.productId)}
            />
          )}
        />
        <TextInput
          label={t('lots.reference')}
          {...form.register(`lots.${index}.reference`)}
          error={fieldMessage(errors?.reference)}
        />
      </SimpleGrid>
      <Stack gap="xs" mt="sm">
        {shopsMessage && (
          <Text c="red" size="sm" role="alert">
            {shopsMessage}
          </Text>
        )}
        {shops.fields.map((shop, shopIndex) => (
          <Group key={shop.id} align="flex-start" wrap="nowrap">
            <Controller
              control={control}
              name={`lots.${index}.shops.${shopIndex}.centreId`}
              render={({ field }) => (
                <CentreSelect
                  label={`${t('lots.shop')} ${shopIndex + 1}`}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldMessage(errors?.shops?.[shopIndex]?.centreId)}
                  w={280}
                />
              )}
            />
            <TextInput
              label={`${t('lots.amount')} ${shopIndex + 1}`}
              inputMode="numeric"
              {...form.register(`lots.${index}.shops.${shopIndex}.amount`)}
              error={fieldMessage(errors?.shops?.[shopIndex]?.amount)}
              w={140}
            />
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={t('lots.removeShop', { number: shopIndex + 1, lot: number })}
              onClick={() => shops.remove(shopIndex)}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="light" onClick={() => shops.append(emptyShop(), { shouldFocus: false })}>
            {t('lots.addShop')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The lot setup form: one or more lots, each a product and one or more shops with an amount. */
export function LotSetupForm() {
  const { t } = useTranslation();
  const products = useQuery(productOptionsQuery());
  const productOptions = (products.data ?? [])
    .filter((product) => product.kind === 'physical')
    .map((product) => ({ value: product.id, label: `${product.name} (${formatQuantity(product.stock)})` }));
  const form = useForm<LotSetupValues, unknown, LotSetup>({
    resolver: bodyResolver(LotSetup, ({ lots }: LotSetupValues) => toLotSetup(lots)),
    defaultValues: { lots: [emptyLot()] },
  });
  const lots = useFieldArray({ control: form.control, name: 'lots' });
  const save = useCreateLots();
  const handleSave = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset({ lots: [emptyLot()] });
        showToast('success', t('lots.saved', { count: answer.lots.length }));
      },
      onError: (error) => showLotErrors(error, form.setError),
    }),
  );
  const lotsMessage = listMessage(form.formState.errors.lots);
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        {t('lots.setup')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lots.setupHelp')}
      </Text>
      <form noValidate onSubmit={handleSave}>
        <Stack>
          {lotsMessage && (
            <Alert color="red" role="alert">
              {lotsMessage}
            </Alert>
          )}
          {lots.fields.map((lot, index) => (
            <LotFields
              key={lot.id}
              form={form}
              index={index}
              productOptions={productOptions}
              onRemove={() => lots.remove(index)}
            />
          ))}
          <Group justify="space-between">
            <Button variant="default" onClick={() => lots.append(emptyLot(), { shouldFocus: false })}>
              {t('lots.addLot')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('lots.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
