import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { DrawResult } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBackOffice } from '../auth/index.ts';
import { useCertificatePath } from './certificate-path.ts';
import { DrawForm } from './draw-form.tsx';
import { DrawList } from './draw-list.tsx';
import { DrawPeople } from './draw-people.tsx';
import { PendingCommitment } from './pending-commitment.tsx';
import { commitmentsQuery } from './raffles.api.ts';

/** Draws of a raffle: the form (or the commitment waiting), the last result, the recorded draws. */
export function DrawsPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const certificatePath = useCertificatePath();
  const commitments = useQuery(commitmentsQuery(campaignId));
  const pending = commitments.data?.find((c) => c.drawId === null);
  const [result, setResult] = useState<DrawResult | null>(null);
  return (
    <Stack>
      {role === 'ADMIN' &&
        (pending ? (
          <PendingCommitment commitment={pending} onDrawn={setResult} />
        ) : (
          <DrawForm campaignId={campaignId} onDrawn={setResult} />
        ))}
      {result && (
        <Card withBorder data-testid="draw-result">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('raffles.draw.result')}
            </Title>
            <Button component={Link} to={certificatePath(result.drawId)} variant="light">
              {t('raffles.draw.openCertificate')}
            </Button>
          </Group>
          <DrawPeople result={result} />
        </Card>
      )}
      <DrawList campaignId={campaignId} />
    </Stack>
  );
}
