import { Card, Group, Text, UnstyledButton } from '@mantine/core';
import type { RewardCode } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { CodeStatusBadge } from './code-status.tsx';

/** One code: its state, campaign and person, big enough to read across a counter. */
export function CodeCard({
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
      {code.product && (
        <Text size="lg" fw={700} data-testid="counter-product">
          {t('counter.voucherProduct', {
            quantity: formatQuantity(code.product.quantity),
            product: code.product.name,
          })}
        </Text>
      )}
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
    // named by what it shows (the code first), as the eye reads it; "Elegir" is said by its description
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={isSelected}
      title={t('counter.select', { code: code.code })}
    >
      {body}
    </UnstyledButton>
  );
}
