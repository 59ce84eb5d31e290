import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Prize } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { CentreSelect } from '../centres/index.ts';
import {
  awardsQuery,
  createPrize,
  deletePrize,
  momentsQuery,
  prizesQuery,
  setMoments,
  updatePrize,
} from './instant-awards.api.ts';
import { parseMoments } from './moments-model.ts';

type PrizeErrors = Partial<Record<'name' | 'value' | 'stock' | 'department' | 'centreId', string>>;

function PrizeForm({ campaignId, prize, onDone }: { campaignId: string; prize?: Prize; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(prize?.name ?? '');
  const [value, setValue] = useState(String(prize?.value ?? 0));
  const [stock, setStock] = useState(String(prize?.stock ?? 1));
  const [department, setDepartment] = useState(prize?.department ?? '');
  const [centreId, setCentreId] = useState<string | null>(prize?.centreId ?? null);
  const [errors, setErrors] = useState<PrizeErrors>({});
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        value: Number(value),
        stock: Number(stock),
        department: department.trim() || null,
        centreId,
      };
      return prize ? updatePrize(prize.id, body) : createPrize(campaignId, body);
    },
    onSuccess: async () => {
      showToast('success', prize ? t('instantAwards.prizes.updated') : t('instantAwards.prizes.created'));
      await queryClient.invalidateQueries({ queryKey: ['instant-prizes', campaignId] });
      onDone();
    },
    onError: (error) => {
      const next: PrizeErrors = {};
      if (error instanceof ApiError)
        for (const detail of error.details) next[detail.path as keyof PrizeErrors] = detail.message;
      setErrors(next);
      if (Object.keys(next).length === 0) showApiError(error);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        <TextInput
          label={t('instantAwards.prizes.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <Group grow>
          <TextInput
            label={t('instantAwards.prizes.value')}
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={errors.value}
          />
          <TextInput
            label={t('instantAwards.prizes.stock')}
            inputMode="numeric"
            value={stock}
            onChange={(e) => setStock(e.currentTarget.value)}
            error={errors.stock}
          />
        </Group>
        <TextInput
          label={t('instantAwards.prizes.department')}
          value={department}
          onChange={(e) => setDepartment(e.currentTarget.value)}
          error={errors.department}
        />
        <CentreSelect
          label={t('instantAwards.prizes.centre')}
          value={centreId}
          onChange={setCentreId}
          error={errors.centreId}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {prize ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Prizes({ campaignId, isAdmin }: { campaignId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prizes = useQuery(prizesQuery(campaignId));
  const remove = useMutation({
    mutationFn: deletePrize,
    onSuccess: async () => {
      showToast('success', t('instantAwards.prizes.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['instant-prizes', campaignId] });
      await queryClient.invalidateQueries({ queryKey: ['instant-moments', campaignId] });
    },
    onError: (error) => showApiError(error),
  });
  const openForm = (prize?: Prize) => {
    const id = openAppModal({
      title: prize ? t('instantAwards.prizes.edit', { name: prize.name }) : t('instantAwards.prizes.create'),
      children: (
        <PrizeForm campaignId={campaignId} {...(prize ? { prize } : {})} onDone={() => closeAppModal(id)} />
      ),
    });
  };
  const handleDelete = async (prize: Prize) => {
    const isConfirmed = await confirmDanger({
      title: t('instantAwards.prizes.deleteTitle'),
      message: t('instantAwards.prizes.deleteConfirm', { name: prize.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(prize.id);
  };
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('instantAwards.prizes.title')}
        </Title>
        {isAdmin && <Button onClick={() => openForm()}>{t('instantAwards.prizes.create')}</Button>}
      </Group>
      {prizes.error && <Alert color="red">{prizes.error.message}</Alert>}
      {prizes.data?.length === 0 && <Text c="dimmed">{t('instantAwards.prizes.empty')}</Text>}
      {(prizes.data?.length ?? 0) > 0 && (
        <Table striped withTableBorder data-testid="prizes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('instantAwards.prizes.name')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.value')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.stock')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.awarded')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.department')}</Table.Th>
              {isAdmin && <Table.Th>{t('raffles.list.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prizes.data?.map((prize) => (
              <Table.Tr key={prize.id}>
                <Table.Td>{prize.name}</Table.Td>
                <Table.Td>{prize.value.toLocaleString('en-GB')}</Table.Td>
                <Table.Td>{prize.stock}</Table.Td>
                <Table.Td>{prize.awarded}</Table.Td>
                <Table.Td>{prize.department ?? ''}</Table.Td>
                {isAdmin && (
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="subtle" onClick={() => openForm(prize)}>
                        {t('actions.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('instantAwards.prizes.deleteNamed', { name: prize.name })}
                        onClick={() => void handleDelete(prize)}
                      >
                        {t('actions.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function Moments({ campaignId, isAdmin }: { campaignId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const queryClient = useQueryClient();
  const moments = useQuery(momentsQuery(campaignId));
  const prizes = useQuery(prizesQuery(campaignId));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: Parameters<typeof setMoments>[1]) => setMoments(campaignId, body),
    onSuccess: async () => {
      showToast('success', t('instantAwards.moments.sealed'));
      setError(undefined);
      await queryClient.invalidateQueries({ queryKey: ['instant-moments', campaignId] });
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
          <Text size="xs" c="dimmed">
            {view.seal.algorithm}
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

function Awards({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const awards = useQuery(awardsQuery(campaignId));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('instantAwards.awards.title')}
      </Title>
      {awards.error && <Alert color="red">{awards.error.message}</Alert>}
      {awards.data?.length === 0 && <Text c="dimmed">{t('instantAwards.awards.empty')}</Text>}
      {(awards.data?.length ?? 0) > 0 && (
        <Table striped withTableBorder data-testid="awards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('instantAwards.awards.awardedAt')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.name')}</Table.Th>
              <Table.Th>{t('raffles.entries.cedula')}</Table.Th>
              <Table.Th>{t('raffles.entries.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {awards.data?.map((a) => (
              <Table.Tr key={a.participationId}>
                <Table.Td>{formatDateTime(a.awardedAt, timeZone, locale)}</Table.Td>
                <Table.Td>{a.prizeName}</Table.Td>
                <Table.Td>{a.cedula}</Table.Td>
                <Table.Td>{a.name ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Instant awards of a campaign: prizes, sealed winning moments (revealed at the end), awards. */
export function InstantAwardsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'instant_award')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const isAdmin = role === 'ADMIN';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('instantAwards.title')}
      </Title>
      <Select
        label={t('raffles.campaign')}
        placeholder={t('raffles.chooseCampaign')}
        data={options}
        value={campaignId}
        onChange={(value) => setParams(value ? { campaign: value } : {}, { replace: true })}
        searchable
        nothingFoundMessage={t('raffles.noCampaigns')}
        maw={480}
      />
      {campaignId ? (
        <>
          <Prizes campaignId={campaignId} isAdmin={isAdmin} />
          <Moments campaignId={campaignId} isAdmin={isAdmin} />
          <Awards campaignId={campaignId} />
        </>
      ) : (
        <Text c="dimmed">{t('instantAwards.chooseCampaignHelp')}</Text>
      )}
    </Stack>
  );
}
