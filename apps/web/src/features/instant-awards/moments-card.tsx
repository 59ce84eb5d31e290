import { Button, Card, Code, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { momentsQuery, prizesQuery } from './instant-awards.api.ts';
import { useSetMoments } from './instant-awards.hooks.ts';
import { parseMoments } from './moments-model.ts';

/** The sealed winning moments: generated or set by hand while hidden, listed once revealed. */
export function MomentsCard({ campaignId, isAdmin }: { campaignId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const moments = useQuery(momentsQuery(campaignId));
  const prizes = useQuery(prizesQuery(campaignId));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetMoments(campaignId, {
    onSuccess: () => {
      showToast('success', t('instantAwards.moments.sealed'));
      setError(undefined);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.details[0]) setError(failure.details[0].message);
      else showApiError(failure);
    },
  });
  const setByHand = () => {
    const parsed = parseMoments(text, prizes.data ?? [], timeZone);
    if (parsed.badLines.length > 0 || parsed.moments.length === 0) {
      setError(t('instantAwards.moments.badLines', { lines: parsed.badLines.join(', ') || '1' }));
      return;
    }
    save.mutate({ moments: parsed.moments });
  };
  const view = moments.data;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('instantAwards.moments.title')}
      </Title>
      {view?.seal ? (
        <Stack gap={4} mb="sm" data-testid="moments-seal">
          <Text size="sm">
            {t('instantAwards.moments.count', {
              count: view.seal.moments,
              at: formatDateTime(view.seal.sealedAt, timeZone, locale),
            })}
          </Text>
          <Text size="sm">{t('instantAwards.moments.hash')}</Text>
          <Code style={{ wordBreak: 'break-all' }}>{view.seal.hash}</Code>
          <Text size="xs" c="dimmed" title={view.seal.algorithm}>
            {t('instantAwards.moments.formula')}
          </Text>
        </Stack>
      ) : (
        <Text c="dimmed" mb="sm">
          {t('instantAwards.moments.none')}
        </Text>
      )}
      {view?.revealed && view.moments ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('instantAwards.moments.salt')} <Code>{view.salt}</Code>
          </Text>
          <Table striped withTableBorder data-testid="moments-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('instantAwards.moments.at')}</Table.Th>
                <Table.Th>{t('instantAwards.prizes.name')}</Table.Th>
                <Table.Th>{t('instantAwards.awards.awardedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.moments.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatDateTime(m.at, timeZone, locale)}</Table.Td>
                  <Table.Td>{m.prizeName}</Table.Td>
                  <Table.Td>{m.awardedAt ? formatDateTime(m.awardedAt, timeZone, locale) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mb="sm">
          {t('instantAwards.moments.hidden')}
        </Text>
      )}
      {isAdmin && !view?.revealed && (
        <Stack mt="sm">
          <Group>
            <Button onClick={() => save.mutate({ generate: true })} loading={save.isPending}>
              {t('instantAwards.moments.generate')}
            </Button>
          </Group>
          <Textarea
            label={t('instantAwards.moments.byHand')}
            description={t('instantAwards.moments.byHandHelp')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maw={560}
          />
          <Group>
            <Button variant="light" onClick={setByHand} disabled={!text.trim()} loading={save.isPending}>
              {t('instantAwards.moments.setByHand')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
