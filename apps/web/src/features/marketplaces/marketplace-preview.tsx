import { Alert, Badge, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Marketplace } from '@promo/contract';
import { AA_TEXT, readableShade } from '@promo/contract/contrast';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format.ts';
import { marketplacePreviewQuery } from './marketplaces.api.ts';

/** What the public page lists, from `marketplaces/{id}/preview` (no person, no balance). */
export function MarketplacePreview({ marketplace }: { marketplace: Marketplace }) {
  const { t } = useTranslation();
  const preview = useQuery(marketplacePreviewQuery(marketplace.id));
  if (preview.error) return <Alert color="red">{preview.error.message}</Alert>;
  const data = preview.data;
  if (!data) return <Text c="dimmed">{t('table.loading')}</Text>;
  const contrastColor = data.tenant.colors.primaryContrast;
  // the banner in the marketplace's colour, darkened where the text on it would not read (AA)
  const chosen =
    (data.marketplace.appearance.primaryColor as string | undefined) ?? data.tenant.colors.primary;
  const primary = chosen && contrastColor ? readableShade(chosen, [contrastColor], AA_TEXT) : chosen;
  const headline = data.marketplace.appearance.headline as string | undefined;
  return (
    <Stack data-testid="marketplace-preview">
      <Text size="sm" c="dimmed">
        {t('marketplaces.previewNote')}
      </Text>
      <Card radius="md" style={{ background: primary, color: contrastColor }}>
        <Text size="sm">{data.tenant.name}</Text>
        <Title order={3}>{data.marketplace.name}</Title>
        {headline && <Text>{headline}</Text>}
        <Badge mt="xs" color={data.marketplace.open ? 'green' : 'gray'}>
          {data.marketplace.open ? t('marketplaces.open') : t('marketplaces.closed')}
        </Badge>
      </Card>
      {data.products.length === 0 && <Text c="dimmed">{t('marketplaces.noProducts')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {data.products.map((product) => (
          <Card withBorder key={product.id}>
            {product.images[0] && (
              <Image src={product.images[0]} alt={product.name} h={140} fit="cover" radius="sm" />
            )}
            <Text fw={700} mt="xs">
              {product.name}
            </Text>
            {product.description && <Text size="sm">{product.description}</Text>}
            <Text fw={600} c="brand">
              {product.redeemWith === 'code'
                ? t('marketplaces.withCode')
                : t('marketplaces.pricePoints', {
                    count: product.pricePoints ?? 0,
                    price: formatQuantity(product.pricePoints ?? 0),
                  })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('marketplaces.stock', { count: product.stock })}
            </Text>
            {product.shops.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('marketplaces.shopsList', { shops: product.shops.map((shop) => shop.name).join(', ') })}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
