import { Group } from '@mantine/core';
import { UPLOAD_LIMITS } from '@promo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvUploadForm } from '../../components/csv-upload.tsx';
import { useBackOffice } from '../auth/index.ts';
import { CountrySelect } from './country-select.tsx';
import { participantKeys, uploadParticipants } from './participants.api.ts';

/** Uploads a CSV of people and shows the server's report, row by row. */
export function UploadParticipants() {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const queryClient = useQueryClient();
  const [countryCode, setCountryCode] = useState(tenant?.countryCode ?? '');
  return (
    <CsvUploadForm
      help={t('crm.uploadHelp')}
      limit={UPLOAD_LIMITS.participants.label}
      fields={
        <Group>
          <CountrySelect value={countryCode} onChange={setCountryCode} />
        </Group>
      }
      canSend={Boolean(countryCode)}
      upload={(file, choice) => uploadParticipants(countryCode, file, choice)}
      onUploaded={() => queryClient.invalidateQueries({ queryKey: participantKeys.all })}
    />
  );
}
