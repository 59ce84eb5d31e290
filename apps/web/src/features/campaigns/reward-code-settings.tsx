import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CentreGroupMultiSelect, CentreMultiSelect } from '../centres/index.ts';
import type { CampaignFormValues } from './campaign-form-model.ts';

/**
 * The campaign form's part for reward-code campaigns: the centres and centre groups where the
 * codes can be redeemed (`settings.centreIds`, `settings.centreGroupIds`).
 */
export function RewardCodeSettings({
  control,
  isReadOnly,
  error,
}: {
  control: Control<CampaignFormValues, unknown, Record<string, unknown>>;
  isReadOnly: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('rewardSettings.title')} data-testid="reward-code-settings">
      <Text size="sm" c="dimmed" mb="xs">
        {t('rewardSettings.help')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="centreIds"
          render={({ field }) => (
            <CentreMultiSelect
              label={t('rewardSettings.centres')}
              value={field.value}
              onChange={field.onChange}
              disabled={isReadOnly}
              error={error}
            />
          )}
        />
        <Controller
          control={control}
          name="centreGroupIds"
          render={({ field }) => (
            <CentreGroupMultiSelect
              label={t('rewardSettings.groups')}
              value={field.value}
              onChange={field.onChange}
              disabled={isReadOnly}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
