import {
  Box,
  Button,
  ColorInput,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  FONT_CHOICES,
  resolveThemeColors,
  type Tenant,
  THEME_COLOR_KEYS,
  THEME_PRESET_COLORS,
  Theme,
  type ThemeChange,
  type ThemeColorKey,
  type ThemePreset,
} from '@promo/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useUpdateTenant } from './tenants.hooks.ts';

function ThemePreview({ name, colors }: { name: string; colors: Record<ThemeColorKey, string> }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="theme-preview"
      p="md"
      style={{
        background: colors.background,
        color: colors.text,
        borderRadius: 8,
        border: `1px solid ${colors.muted}`,
      }}
    >
      <Text fw={700} style={{ color: colors.primary }}>
        {name}
      </Text>
      <Box p="sm" mt="xs" style={{ background: colors.surface, borderRadius: 6 }}>
        <Text size="sm">{t('themeEditor.sampleText')}</Text>
        <Text size="xs" style={{ color: colors.muted }}>
          {t('themeEditor.sampleMuted')}
        </Text>
        <Group mt="xs" gap="xs">
          <Box
            component="span"
            px="sm"
            py={4}
            style={{
              background: colors.primary,
              color: colors.primaryContrast,
              borderRadius: 4,
              fontSize: 14,
            }}
          >
            {t('themeEditor.sampleButton')}
          </Box>
          <Box
            component="span"
            px="sm"
            py={4}
            style={{ background: colors.accent, color: colors.text, borderRadius: 4, fontSize: 14 }}
          >
            {t('themeEditor.sampleAccent')}
          </Box>
        </Group>
      </Box>
    </Box>
  );
}

const baseResolver = contractResolver(Theme);

/** Cleared colour inputs mean "use the preset's colour": they are left out, not sent empty. */
const themeResolver: typeof baseResolver = (values, context, options) => {
  const colors = Object.fromEntries(
    Object.entries(values.colors ?? {}).filter(([, value]) => Boolean(value)),
  );
  return baseResolver({ ...values, colors }, context, options);
};

/**
 * The change to send: the server merges colours key by key, so a colour left out would keep its
 * override; each colour not set is sent as null, which removes it.
 */
function themeChange(theme: Theme): ThemeChange {
  return {
    ...theme,
    colors: Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, theme.colors[key] ?? null])),
  };
}

/** Preset plus colour overrides, with a live preview of the result. */
export function ThemeEditor({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: themeResolver, defaultValues: tenant.theme });
  const preset = (useWatch({ control: form.control, name: 'preset' }) ?? 'light') as ThemePreset;
  const overrides = useWatch({ control: form.control, name: 'colors' }) ?? {};
  const validOverrides = Object.fromEntries(
    Object.entries(overrides).filter(
      ([, value]) => typeof value === 'string' && /^#?[0-9a-f]{3,8}$/i.test(value),
    ),
  );
  const preview = resolveThemeColors({ preset, colors: validOverrides });

  const mutation = useUpdateTenant({
    onSuccess: () => {
      showToast('success', t('themeEditor.saved'));
      onDone();
    },
    onError: (error) =>
      showApiError(
        error,
        form.setError,
        ['preset', 'logoUrl', 'font', ...THEME_COLOR_KEYS.map((key) => `colors.${key}`)],
        'theme.',
      ),
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate({ id: tenant.id, changes: { theme: themeChange(values) } }),
      )}
      noValidate
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack>
          <Controller
            control={form.control}
            name="preset"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="preset-label">
                  {t('themeEditor.preset')}
                </Text>
                <SegmentedControl
                  aria-labelledby="preset-label"
                  value={field.value ?? 'light'}
                  onChange={field.onChange}
                  data={[
                    { value: 'light', label: t('themes.light') },
                    { value: 'dark-purple', label: t('themes.dark-purple') },
                  ]}
                />
              </Stack>
            )}
          />
          {THEME_COLOR_KEYS.map((key) => (
            <Controller
              key={key}
              control={form.control}
              name={`colors.${key}`}
              render={({ field }) => (
                <ColorInput
                  label={t(`themeEditor.colors.${key}`)}
                  placeholder={THEME_PRESET_COLORS[preset][key]}
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value ? value : undefined)}
                  error={fieldMessage(errors.colors?.[key])}
                  format="hex"
                />
              )}
            />
          ))}
          <NativeSelect
            label={t('themeEditor.font')}
            data={FONT_CHOICES.map((font) => ({ value: font, label: t(`themeEditor.fonts.${font}`) }))}
            {...form.register('font')}
            error={fieldMessage(errors.font)}
          />
          <TextInput
            label={t('themeEditor.logoUrl')}
            {...form.register('logoUrl', { setValueAs: (value: string | null) => (value ? value : null) })}
            error={fieldMessage(errors.logoUrl)}
          />
        </Stack>
        <Stack>
          <Title order={3} size="h5">
            {t('themeEditor.preview')}
          </Title>
          <ThemePreview name={tenant.name} colors={preview} />
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() =>
            form.reset({
              preset,
              colors: {},
              logoUrl: form.getValues('logoUrl'),
              font: form.getValues('font'),
            })
          }
        >
          {t('themeEditor.clearOverrides')}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {t('actions.save')}
        </Button>
      </Group>
    </form>
  );
}
