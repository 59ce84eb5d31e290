import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Redemption } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { countryQuery } from '../countries/index.ts';
import { useBlockerText } from './blocker-text.ts';
import { CodeCard } from './code-card.tsx';
import { type CounterQuery, classifyCounterInput, redeemBlocker } from './counter-model.ts';
import { useCounterLookup, useRedeemCode } from './redemption.hooks.ts';
import { TodayRedemptions } from './today-redemptions.tsx';

/** The answer to the last redemption, and the code it was for. */
type Outcome = { code: string } & (
  | { kind: 'success'; answer: Redemption }
  | { kind: 'refused'; message: string }
);

/**
 * The operator's counter: one input (code or identity number), the code's state, one "Canjear"
 * button, a clear success or refusal, and today's redemptions of the centre.
 */
export function CounterPage() {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const country = useQuery({ ...countryQuery(tenant?.countryCode ?? ''), enabled: Boolean(tenant) });
  const inputRef = useRef<HTMLInputElement>(null);
  const redeemRef = useRef<HTMLButtonElement>(null);
  // left as state, not react-hook-form: each keystroke re-reads the scan for its hint; focus moves by hand
  const [input, setInput] = useState('');
  const [query, setQuery] = useState<CounterQuery | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const blockerText = useBlockerText();

  const lookup = useCounterLookup();
  const codes = lookup.data ?? [];
  const current = codes.find((code) => code.code === selected) ?? codes[0] ?? null;
  const blocker = current ? redeemBlocker(current) : null;
  // The code read again after its redemption answers is the redemption's consequence, not news: the
  // success (or refusal) said it, so its blocker ("ya fue canjeado") stays unsaid.
  const isAnswered = Boolean(current && outcome?.code === current.code);
  const shownBlocker = isAnswered ? null : blocker;

  const redeem = useRedeemCode();

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
    const { code } = current;
    setOutcome(null);
    redeem.mutate(code, {
      onSuccess: (answer) => {
        setOutcome({ code, kind: 'success', answer });
        // the card stays on the code redeemed (a person's list puts the redeemable ones first)
        setSelected(code);
        // The code's state changes: read it again so the card shows "Canjeado".
        if (query) lookup.mutate(query);
        inputRef.current?.focus();
      },
      onError: (error) => {
        setOutcome({
          code,
          kind: 'refused',
          message: error instanceof ApiError ? error.message : t('errors.unexpected'),
        });
        if (query) lookup.mutate(query);
      },
    });
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
          {outcome.answer.redemption.product && (
            <Text fw={700} size="lg" mt={4} data-testid="counter-hand-over">
              {t('counter.handOver', {
                quantity: formatQuantity(outcome.answer.redemption.product.quantity),
                product: outcome.answer.redemption.product.name,
              })}
            </Text>
          )}
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
            aria-describedby={shownBlocker ? 'counter-blocker' : undefined}
          >
            {t('counter.redeem')}
          </Button>
          {shownBlocker && (
            <Text id="counter-blocker" c="red.8" fw={600} data-testid="counter-blocker">
              {blockerText(shownBlocker)}
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
