import { Center, Loader, Text } from '@mantine/core';
import { pageBrandOf } from '@promo/landing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ModalHost } from '../../components/modal-host.tsx';
import { registerBuilderLocales } from '../../lib/locales/builder.ts';
import { withTenant } from '../../lib/paths.ts';
import { campaignFormQuery, campaignQuery } from '../campaigns/index.ts';
import { countryQuery } from '../countries/index.ts';
import { LandingsScreen, landingQuery } from '../landings/index.ts';
import { ownTenantQuery } from '../tenants/index.ts';
import { Editor } from './editor.tsx';

// The builder's texts load with this (lazy) route, not with the login page.
registerBuilderLocales();

/**
 * The builder route (ADMIN only): without `?landing=` the landings of a campaign and their groups,
 * with `?landing=<id>` the editor of that landing.
 */
export function BuilderPage() {
  const [params] = useSearchParams();
  const landingId = params.get('landing');
  return <ModalHost>{landingId ? <EditorLoader id={landingId} /> : <LandingsScreen />}</ModalHost>;
}

function EditorLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const landing = useQuery(landingQuery(id));
  const campaignId = landing.data?.campaignId ?? '';
  const campaign = useQuery({ ...campaignQuery(campaignId), enabled: Boolean(campaignId) });
  const form = useQuery({ ...campaignFormQuery(campaignId), enabled: Boolean(campaignId), retry: false });
  const countryCode = campaign.data?.countryCode ?? '';
  const country = useQuery({ ...countryQuery(countryCode), enabled: Boolean(countryCode), retry: false });
  const tenantLook = useQuery(ownTenantQuery());
  if (landing.error) return <Text p="xl">{landing.error.message}</Text>;
  const isLoading = !landing.data || campaign.isLoading || form.isLoading || country.isLoading;
  if (isLoading || !landing.data)
    return (
      <Center h="100vh">
        <Loader aria-label={t('builder.loading')} />
      </Center>
    );
  return (
    <Editor
      key={landing.data.id}
      landing={landing.data}
      fields={form.data?.fields ?? []}
      country={country.data ?? null}
      brand={tenantLook.data ? pageBrandOf(tenantLook.data) : undefined}
      backTo={`${withTenant(tenant, '/builder')}?campaign=${campaignId}`}
    />
  );
}
