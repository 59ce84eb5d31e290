import { Fieldset, NumberInput, Radio, SimpleGrid, Stack } from '@mantine/core';
import { type Control, Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/form-errors.ts';
import { type CampaignFormValues, CONTACT_MISMATCH_RULES } from './campaign-form-model.ts';

type Errors = Partial<Record<'pointsPerParticipation' | 'pointsExpiryDays', FieldError | undefined>>;

/**
 * The campaign form's part for how a participation counts: the points it credits (points
 * campaigns), when points expire (campaigns that hold points) and what a known identity number
 * typed with another contact does (`settings`).
 */
export function ParticipationSettings({
  control,
  kind,
  errors,
}: {
  control: Control<CampaignFormValues, unknown, Record<string, unknown>>;
  kind: string;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const number = (name: 'pointsPerParticipation' | 'pointsExpiryDays', label: string, help: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={help}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={field.value}
          onChange={(value) => field.onChange(value === '' ? '' : String(value))}
          onBlur={field.onBlur}
          error={fieldMessage(errors[name])}
        />
      )}
    />
  );
  return (
    <Fieldset legend={t('participationSettings.title')} data-testid="participation-settings">
      <Stack>
        {(kind === 'points' || kind === 'marketplace') && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kind === 'points' &&
              number(
                'pointsPerParticipation',
                t('participationSettings.points'),
                t('participationSettings.pointsHelp'),
              )}
            {number(
              'pointsExpiryDays',
              t('participationSettings.expiry'),
              t('participationSettings.expiryHelp'),
            )}
          </SimpleGrid>
        )}
        <Controller
          control={control}
          name="contactMismatch"
          render={({ field }) => (
            <Radio.Group
              label={t('participationSettings.contactMismatch')}
              description={t('participationSettings.contactMismatchHelp')}
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap="xs" mt="xs">
                {CONTACT_MISMATCH_RULES.map((rule) => (
                  <Radio key={rule} value={rule} label={t(`participationSettings.${rule}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
      </Stack>
    </Fieldset>
  );
}
