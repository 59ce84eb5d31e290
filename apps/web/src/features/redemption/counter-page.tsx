import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Redemption, RewardCode } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dayIn } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { countryQuery } from '../countries/index.ts';
import { dayRange } from '../reports/index.ts';
import { CodeStatusBadge } from './code-status.tsx';
import {
  type Blocker,
  type CounterQuery,
  classifyCounterInput,
  newIdempotencyKey,
  redeemBlocker,
  sortCodesForCounter,
} from './counter-model.ts';
import { lookUpByCedula, lookUpByCode, redeemCode, redemptionsQuery } from './redemption.api.ts';

/** Today's list shows the time only. */
function formatTime(iso: string, timeZone: string | undefined, locale: 'es' | 'en'): string {
  try {
    return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'es-ES', {
      timeStyle: 'short',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return formatDateTime(iso, timeZone, locale);
  }
}

type Outcome = { kind: 'success'; answer: Redemption } | { kind: 'refused'; message: string };

function useBlockerText() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  return (blocker: Blocker): string => {
    switch (blocker.reason) {
      case 'redeemed':
        return blocker.when
          ? t('counter.blockers.redeemedAt', {
              when: formatDateTime(blocker.when, timeZone, locale),
              centre: blocker.centreName ?? '—',
            })
          : t('counter.blockers.redeemed');
      case 'revoked':
        return t('counter.blockers.revoked');
      case 'notYet':
        return t('counter.blockers.notYet', { from: formatDateTime(blocker.from, timeZone, locale) });
      case 'expired':
        return t('counter.blockers.expired', { until: formatDateTime(blocker.until, timeZone, locale) });
      case 'centreNotAllowed':
        return t('counter.blockers.centreNotAllowed');
    }
  };
}

/** One code: its state, campaign and person, big enough to read across a counter. */
function CodeCard({
  code,
  isSelected,
  onSelect,
}: {
  code: RewardCode;
  isSelected: boolean;
  onSelect?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const body = (
    <Card
      withBorder
      padding="md"
      style={
        isSelected ? { borderColor: 'var(--mantine-color-brand-filled, #228be6)', borderWidth: 2 } : undefined
      }
      data-testid="counter-code"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text ff="monospace" fw={700} fz={{ base: 'lg', sm: 'xl' }} style={{ wordBreak: 'break-all' }}>
          {code.code}
        </Text>
        <CodeStatusBadge status={code.status} size="xl" />
      </Group>
      <Text fw={600} mt="xs">
        {code.campaign.title}
      </Text>
      {code.person ? (
        <Text size="lg" data-testid="counter-person">
          {code.person.name ?? '—'} · {t('counter.identity')} {code.person.cedula ?? '—'}
        </Text>
      ) : (
        <Text c="dimmed">{t('counter.noPerson')}</Text>
      )}
      {(code.campaign.redeemFrom || code.campaign.redeemUntil) && (
        <Text size="sm" c="dimmed">
          {t('counter.window', {
            from: code.campaign.redeemFrom ? formatDateTime(code.campaign.redeemFrom, timeZone, locale) : '—',
            until: code.campaign.redeemUntil
              ? formatDateTime(code.campaign.redeemUntil, timeZone, locale)
              : '—',
          })}
        </Text>
      )}
    </Card>
  );
  if (!onSelect) return body;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={isSelected}
      aria-label={t('counter.select', { code: code.code })}
    >
      {body}
    </UnstyledButton>
  );
}

/** Today's redemptions of the operator's centre, newest first. */
function TodayRedemptions() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const today = dayIn(timeZone);
  const range = dayRange(today, today, timeZone);
  const list = useQuery(redemptionsQuery({ ...range, page: 1, pageSize: 50 }));
  const rows = list.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('counter.today')}
        </Title>
        {list.data && (
          <Text size="sm" c="dimmed">
            {t('counter.todayCount', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isLoading && <Loader size="sm" aria-label={t('table.loading')} />}
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('counter.todayEmpty')}</Text>}
      {rows.length > 0 && (
        <ScrollArea>
          <Table striped verticalSpacing="xs" data-testid="today-redemptions">
            <Table.Caption>{t('counter.todayCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('counter.time')}</Table.Th>
                <Table.Th>{t('counter.code')}</Table.Th>
                <Table.Th>{t('counter.campaign')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  style={row.reversedAt ? { textDecoration: 'line-through' } : undefined}
                >
                  <Table.Td>{formatTime(row.redeemedAt, timeZone, locale)}</Table.Td>
                  <Table.Td ff="monospace">{row.code}</Table.Td>
                  <Table.Td>{row.campaignTitle}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/**
 * The operator's counter: one input (code or identity number), the code's state, one "Canjear"
 * button, a clear success or refusal, and today's redemptions of the centre.
 */
export function CounterPage() {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const queryClient = useQueryClient();
  const country = useQuery({ ...countryQuery(tenant?.countryCode ?? ''), enabled: Boolean(tenant) });
  const inputRef = useRef<HTMLInputElement>(null);
  const redeemRef = useRef<HTMLButtonElement>(null);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState<CounterQuery | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const blockerText = useBlockerText();

  const lookup = useMutation({
    mutationFn: async (q: CounterQuery): Promise<RewardCode[]> => {
      if (q.kind === 'cedula') return sortCodesForCounter(await lookUpByCedula(q.value));
      return [await lookUpByCode(q.value)];
    },
  });
  const codes = lookup.data ?? [];
  const current = codes.find((code) => code.code === selected) ?? codes[0] ?? null;
  const blocker = current ? redeemBlocker(current) : null;

  const redeem = useMutation({
    mutationFn: (code: string) => redeemCode(code, newIdempotencyKey()),
    onSuccess: (answer) => {
      setOutcome({ kind: 'success', answer });
      void queryClient.invalidateQueries({ queryKey: ['redemptions'] });
      // The code's state changes: read it again so the card shows "Canjeado".
      if (query) lookup.mutate(query);
      inputRef.current?.focus();
    },
    onError: (error) => {
      setOutcome({
        kind: 'refused',
        message: error instanceof ApiError ? error.message : t('errors.unexpected'),
      });
      void queryClient.invalidateQueries({ queryKey: ['redemptions'] });
      if (query) lookup.mutate(query);
    },
  });

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A redeemable code after a search: the confirm button takes the focus (Enter confirms).
  useEffect(() => {
    if (lookup.isSuccess && !outcome && current && !blocker) redeemRef.current?.focus();
  }, [lookup.isSuccess, outcome, current, blocker]);

  const handleSearch = () => {
    const next = classifyCounterInput(input, country.data?.identity);
    if (next.kind === 'empty') {
      inputRef.current?.focus();
      return;
    }
    setQuery(next);
    setSelected(null);
    setOutcome(null);
    lookup.mutate(next);
  };
  const handleClear = () => {
    setInput('');
    setQuery(null);
    setSelected(null);
    setOutcome(null);
    lookup.reset();
    redeem.reset();
    inputRef.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      handleClear();
    }
  };
  const handleRedeem = () => {
    if (!current || blocker || redeem.isPending) return;
    setOutcome(null);
    redeem.mutate(current.code);
  };

  const detected = input.trim() ? classifyCounterInput(input, country.data?.identity) : null;
  const lookupError =
    lookup.error instanceof ApiError ? lookup.error.message : lookup.error ? t('errors.unexpected') : null;

  return (
    <Stack maw={720} onKeyDown={handleKeyDown} gap="md">
      <Title order={1} size="h2">
        {t('counter.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSearch();
        }}
        noValidate
      >
        <Stack gap="xs">
          <TextInput
            ref={inputRef}
            size="xl"
            label={t('counter.input')}
            description={
              detected && detected.kind !== 'empty'
                ? t(detected.kind === 'cedula' ? 'counter.detectedCedula' : 'counter.detectedCode')
                : t('counter.inputHelp')
            }
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            styles={{
              input: { fontFamily: 'monospace', letterSpacing: '0.05em', textTransform: 'uppercase' },
            }}
          />
          <Group grow>
            <Button type="submit" size="lg" loading={lookup.isPending}>
              {t('counter.search')}
            </Button>
            <Button variant="default" size="lg" onClick={handleClear}>
              {t('counter.clear')}
            </Button>
          </Group>
        </Stack>
      </form>

      {lookupError && (
        <Alert
          color="red"
          variant="filled"
          role="alert"
          title={t('counter.notFound')}
          data-testid="counter-error"
        >
          {lookupError}
        </Alert>
      )}

      {outcome?.kind === 'success' && (
        <Alert
          color="green"
          variant="filled"
          role="status"
          title={t('counter.success')}
          data-testid="counter-success"
        >
          {t('counter.successDetail', { code: outcome.answer.redemption.code })}
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert
          color="red"
          variant="filled"
          role="alert"
          title={t('counter.refused')}
          data-testid="counter-refusal"
        >
          {outcome.message}
        </Alert>
      )}

      {lookup.isSuccess && codes.length === 0 && <Alert color="yellow">{t('counter.noCodes')}</Alert>}
      {codes.length > 1 && <Text fw={600}>{t('counter.severalCodes', { count: codes.length })}</Text>}
      {codes.map((code) => (
        <CodeCard
          key={code.code}
          code={code}
          isSelected={codes.length > 1 && code.code === current?.code}
          onSelect={codes.length > 1 ? () => setSelected(code.code) : undefined}
        />
      ))}

      {current && (
        <Stack gap={4}>
          <Button
            ref={redeemRef}
            size="xl"
            color="green"
            fullWidth
            h={72}
            fz={24}
            onClick={handleRedeem}
            disabled={Boolean(blocker)}
            loading={redeem.isPending}
            aria-describedby={blocker && outcome?.kind !== 'refused' ? 'counter-blocker' : undefined}
          >
            {t('counter.redeem')}
          </Button>
          {blocker && outcome?.kind !== 'refused' && (
            <Text id="counter-blocker" c="red.8" fw={600} data-testid="counter-blocker">
              {blockerText(blocker)}
            </Text>
          )}
        </Stack>
      )}

      <Text size="xs" c="dimmed">
        {t('counter.keys')}
      </Text>
      <TodayRedemptions />
    </Stack>
  );
}
