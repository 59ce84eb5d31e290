import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Commitment, DrawResult, DrawSummary } from '@promo/contract';
import { errorMessage, isErrorCode } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { appLocale } from '../../lib/i18n.ts';
import { pagesPath } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { type DrawFormValues, drawFormErrors, drawParams, EMPTY_DRAW_FORM, groupHash } from './draw-model.ts';
import {
  commitmentsQuery,
  createCommitment,
  drawCommitment,
  drawNow,
  drawsQuery,
  exportWinners,
  redraw,
} from './raffles.api.ts';

type SeedMode = 'now' | 'server_secret' | 'public_value';
type Errors = Partial<Record<keyof DrawFormValues | 'source' | 'value' | 'position' | 'reason', string>>;

const messageOf = (code: string) => (isErrorCode(code) ? errorMessage(code, appLocale()) : code);

function useCertificatePath() {
  const { tenant } = useParams();
  return (drawId: string) => `${pagesPath(tenant, 'raffles')}/draws/${drawId}`;
}

function errorsFrom(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  const next: Errors = {};
  for (const detail of error.details) {
    const key = detail.path.replace(/^options\./, '') as keyof Errors;
    next[key] = detail.message;
  }
  return next;
}

/** The people drawn: winners (with their notification text) and ranked alternates. */
export function DrawPeople({ result }: { result: DrawResult }) {
  const { t } = useTranslation();
  const rows = [
    ...result.winners.map((p) => ({ ...p, role: 'winner' as const })),
    ...result.alternates.map((p) => ({ ...p, role: 'alternate' as const })),
  ];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder data-testid="draw-people">
        <caption className="sr-only">{t('raffles.draw.peopleCaption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('raffles.draw.position')}</Table.Th>
            <Table.Th>{t('raffles.draw.role')}</Table.Th>
            <Table.Th>{t('raffles.entries.cedula')}</Table.Th>
            <Table.Th>{t('raffles.entries.name')}</Table.Th>
            <Table.Th>{t('raffles.draw.notification')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={`${p.role}-${p.position}`}>
              <Table.Td>{p.position}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.role === 'winner' ? 'green' : 'gray'}>
                  {t(`raffles.draw.${p.role}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{p.cedula}</Table.Td>
              <Table.Td>{p.name ?? ''}</Table.Td>
              <Table.Td>
                <Text size="xs">{p.notification ?? ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DrawForm({ campaignId, onDrawn }: { campaignId: string; onDrawn: (r: DrawResult) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useBackOffice();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DrawFormValues>(EMPTY_DRAW_FORM);
  const [mode, setMode] = useState<SeedMode>('now');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof DrawFormValues>(key: K, value: DrawFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = useMutation({
    mutationFn: async () => {
      const params = drawParams(values, timeZone);
      const local: Errors = drawFormErrors(params);
      if (mode === 'public_value' && source.trim().length < 3) local.source = 'FIELD_REQUIRED';
      if (Object.keys(local).length > 0) {
        setErrors(Object.fromEntries(Object.entries(local).map(([k, code]) => [k, messageOf(code)])));
        return null;
      }
      setErrors({});
      if (mode === 'now') return { drawn: await drawNow(campaignId, params), committed: null };
      const { department, from, to, ...rest } = params;
      return {
        drawn: null,
        committed: await createCommitment(campaignId, {
          kind: mode,
          ...(mode === 'public_value' ? { source: source.trim() } : {}),
          options: {
            ...rest,
            ...(department ? { department } : {}),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
          },
        }),
      };
    },
    onSuccess: async (answer) => {
      if (!answer) return;
      if (answer.drawn) {
        showToast('success', t('raffles.draw.done'));
        onDrawn(answer.drawn);
        await queryClient.invalidateQueries({ queryKey: ['raffle-draws', campaignId] });
      } else {
        showToast('success', t('raffles.commitment.recorded'));
        await queryClient.invalidateQueries({ queryKey: ['raffle-commitments', campaignId] });
      }
    },
    onError: (error) => {
      const fields = errorsFrom(error);
      if (fields) setErrors(fields);
      else showApiError(error);
    },
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('raffles.draw.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit.mutate();
        }}
      >
        <Stack>
          <Group align="flex-start">
            <TextInput
              label={t('raffles.draw.count')}
              inputMode="numeric"
              value={values.count}
              onChange={(event) => set('count', event.currentTarget.value)}
              error={errors.count}
              w={140}
            />
            <TextInput
              label={t('raffles.draw.alternates')}
              inputMode="numeric"
              value={values.alternates}
              onChange={(event) => set('alternates', event.currentTarget.value)}
              error={errors.alternates}
              w={140}
            />
            <Select
              label={t('raffles.draw.weighting')}
              data={(['entries', 'points', 'people'] as const).map((value) => ({
                value,
                label: t(`raffles.draw.weightings.${value}`),
              }))}
              value={values.weighting}
              onChange={(value) => set('weighting', (value ?? 'entries') as DrawFormValues['weighting'])}
              allowDeselect={false}
              w={260}
            />
          </Group>
          <Group>
            <Switch
              label={t('raffles.draw.onePerIdentity')}
              checked={values.onePerIdentity}
              onChange={(event) => set('onePerIdentity', event.currentTarget.checked)}
            />
            <Switch
              label={t('raffles.draw.excludePreviousWinners')}
              checked={values.excludePreviousWinners}
              onChange={(event) => set('excludePreviousWinners', event.currentTarget.checked)}
            />
          </Group>
          <Group align="flex-start">
            <TextInput
              label={t('raffles.draw.department')}
              description={t('raffles.draw.departmentHelp')}
              value={values.department}
              onChange={(event) => set('department', event.currentTarget.value)}
              error={errors.department}
              w={220}
            />
            <TextInput
              type="datetime-local"
              label={t('raffles.draw.from')}
              value={values.from}
              onChange={(event) => set('from', event.currentTarget.value)}
              error={errors.from}
              w={220}
            />
            <TextInput
              type="datetime-local"
              label={t('raffles.draw.to')}
              value={values.to}
              onChange={(event) => set('to', event.currentTarget.value)}
              error={errors.to}
              w={220}
            />
          </Group>
          <Radio.Group
            label={t('raffles.draw.seed')}
            description={t('raffles.draw.seedHelp')}
            value={mode}
            onChange={(value) => setMode(value as SeedMode)}
          >
            <Stack gap={6} mt={6}>
              {(['now', 'server_secret', 'public_value'] as const).map((value) => (
                <Radio key={value} value={value} label={t(`raffles.draw.seeds.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {mode === 'public_value' && (
            <Textarea
              label={t('raffles.commitment.source')}
              description={t('raffles.commitment.sourceHelp')}
              value={source}
              onChange={(event) => setSource(event.currentTarget.value)}
              error={errors.source}
              maxLength={300}
              autosize
              minRows={2}
              maw={560}
            />
          )}
          <Group>
            <Button type="submit" loading={submit.isPending}>
              {mode === 'now' ? t('raffles.draw.submit') : t('raffles.commitment.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A commitment waiting for its draw: what was frozen, and the button that reveals the seed. */
function PendingCommitment({
  commitment,
  onDrawn,
}: {
  commitment: Commitment;
  onDrawn: (r: DrawResult) => void;
}) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const draw = useMutation({
    mutationFn: () => drawCommitment(commitment.id, value.trim() || undefined),
    onSuccess: async (result) => {
      showToast('success', t('raffles.draw.done'));
      onDrawn(result);
      await queryClient.invalidateQueries({ queryKey: ['raffle-commitments', commitment.campaignId] });
      await queryClient.invalidateQueries({ queryKey: ['raffle-draws', commitment.campaignId] });
    },
    onError: (failure) => {
      const fields = errorsFrom(failure);
      if (fields?.value) setError(fields.value);
      else showApiError(failure);
    },
  });
  const o = commitment.options;
  return (
    <Card withBorder data-testid="pending-commitment">
      <Title order={2} size="h4" mb="sm">
        {t('raffles.commitment.pending')}
      </Title>
      <Text size="sm" mb="sm">
        {t('raffles.commitment.pendingHelp')}
      </Text>
      <Table withRowBorders={false} variant="vertical" layout="fixed" maw={760}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={240}>{t('raffles.commitment.kind')}</Table.Th>
            <Table.Td>{t(`raffles.draw.seeds.${commitment.kind}`)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.commitment.committedAt')}</Table.Th>
            <Table.Td>{formatDateTime(commitment.committedAt, timeZone, locale)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.entriesCount')}</Table.Th>
            <Table.Td>{commitment.entriesCount}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.entriesHash')}</Table.Th>
            <Table.Td>
              <Code data-testid="commitment-entries-hash">{groupHash(commitment.entriesHash)}</Code>
            </Table.Td>
          </Table.Tr>
          {commitment.seedCommitment && (
            <Table.Tr>
              <Table.Th>{t('raffles.certificate.seedCommitment')}</Table.Th>
              <Table.Td>
                <Code data-testid="commitment-seed-hash">{groupHash(commitment.seedCommitment)}</Code>
              </Table.Td>
            </Table.Tr>
          )}
          {commitment.source && (
            <Table.Tr>
              <Table.Th>{t('raffles.commitment.source')}</Table.Th>
              <Table.Td>{commitment.source}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.options')}</Table.Th>
            <Table.Td>
              {t('raffles.commitment.optionsLine', { count: o.count, alternates: o.alternates })}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group align="flex-end" mt="sm">
        {commitment.kind === 'public_value' && (
          <TextInput
            label={t('raffles.commitment.value')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            w={320}
          />
        )}
        <Button onClick={() => draw.mutate()} loading={draw.isPending}>
          {t('raffles.commitment.draw')}
        </Button>
      </Group>
    </Card>
  );
}

function RedrawForm({ draw, onDone }: { draw: DrawSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<string | null>('1');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors & { position?: string; reason?: string }>({});
  const save = useMutation({
    mutationFn: () => redraw(draw.drawId, { position: Number(position), reason: reason.trim() }),
    onSuccess: async () => {
      showToast('success', t('raffles.redraw.done'));
      await queryClient.invalidateQueries({ queryKey: ['raffle-draws'] });
      onDone();
    },
    onError: (error) => {
      const fields = errorsFrom(error);
      if (fields) setErrors(fields);
      else showApiError(error);
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
        <Text size="sm">{t('raffles.redraw.help')}</Text>
        <Select
          label={t('raffles.redraw.position')}
          data={Array.from({ length: draw.winners }, (_, i) => String(i + 1))}
          value={position}
          onChange={setPosition}
          error={errors.position}
          allowDeselect={false}
        />
        <Textarea
          label={t('raffles.redraw.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
          maxLength={500}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={save.isPending}>
            {t('raffles.redraw.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DrawList({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { timeZone, locale, role } = useBackOffice();
  const certificatePath = useCertificatePath();
  const draws = useQuery(drawsQuery(campaignId));
  const openRedraw = (draw: DrawSummary) => {
    const id = openAppModal({
      title: t('raffles.redraw.title'),
      children: <RedrawForm draw={draw} onDone={() => closeAppModal(id)} />,
    });
  };
  const download = (format: 'csv' | 'xlsx') =>
    void exportWinners(campaignId, format).catch((error) => showApiError(error));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('raffles.list.title')}
        </Title>
        <Group>
          <Button variant="light" onClick={() => download('csv')}>
            {t('raffles.list.winnersCsv')}
          </Button>
          <Button variant="light" onClick={() => download('xlsx')}>
            {t('raffles.list.winnersXlsx')}
          </Button>
        </Group>
      </Group>
      {draws.error && <Alert color="red">{draws.error.message}</Alert>}
      {draws.data?.length === 0 && <Text c="dimmed">{t('raffles.list.empty')}</Text>}
      {(draws.data?.length ?? 0) > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder data-testid="draw-list">
            <caption className="sr-only">{t('raffles.list.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('raffles.list.drawnAt')}</Table.Th>
                <Table.Th>{t('raffles.certificate.entriesCount')}</Table.Th>
                <Table.Th>{t('raffles.list.people')}</Table.Th>
                <Table.Th>{t('raffles.list.status')}</Table.Th>
                <Table.Th>{t('raffles.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draws.data?.map((draw) => (
                <Table.Tr key={draw.drawId}>
                  <Table.Td>{formatDateTime(draw.drawnAt, timeZone, locale)}</Table.Td>
                  <Table.Td>{draw.entriesCount}</Table.Td>
                  <Table.Td>
                    {t('raffles.list.peopleLine', { winners: draw.winners, alternates: draw.alternates })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {draw.committed && <Badge variant="light">{t('raffles.list.committed')}</Badge>}
                      {draw.replacedBy ? (
                        <Badge color="gray">{t('raffles.list.replaced')}</Badge>
                      ) : (
                        <Badge color="green">{t('raffles.list.standing')}</Badge>
                      )}
                      {draw.reason && (
                        <Text size="xs">{t('raffles.list.reason', { reason: draw.reason })}</Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={certificatePath(draw.drawId)} size="sm">
                        {t('raffles.list.certificate')}
                      </Anchor>
                      {role === 'ADMIN' && !draw.replacedBy && draw.alternates > 0 && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => openRedraw(draw)}>
                          {t('raffles.redraw.open')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

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
