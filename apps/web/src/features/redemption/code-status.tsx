import { Badge, type BadgeProps } from '@mantine/core';
import type { RewardCode } from '@promo/contract';
import { useTranslation } from 'react-i18next';

export const STATUS_COLORS: Record<RewardCode['status'], string> = {
  available: 'blue',
  assigned: 'green',
  redeemed: 'orange',
  revoked: 'red',
};

/** A code's state as a coloured badge (big at the counter). */
export function CodeStatusBadge({
  status,
  size = 'lg',
}: {
  status: RewardCode['status'];
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} size={size} variant="filled" data-testid="code-status">
      {t(`codes.statuses.${status}`)}
    </Badge>
  );
}
