import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { type CrmUserInfo, CrmUserInfoQuery, type ParticipantClaim } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { useParticipantInfo } from './participants.hooks.ts';

type LookupValues = { cedula: string };

/** Looks a person up by identity number, with their participation history. */
export function ParticipantLookup() {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { timeZone, locale } = useBackOffice();
  const form = useForm<LookupValues, unknown, { cedula: string }>({
    resolver: bodyResolver(CrmUserInfoQuery, ({ cedula }: LookupValues) => ({ cedula: cedula.trim() })),
    defaultValues: { cedula: '' },
  });
  const lookup = useParticipantInfo();
  const isBlank = form.watch('cedula').trim() === '';
  const info: CrmUserInfo | undefined = lookup.data;
  const person = info?.participant;
  return (
    <Stack>
      <form noValidate onSubmit={form.handleSubmit(({ cedula }) => lookup.mutate(cedula))}>
        <Group align="flex-end">
          <TextInput
            label={t('crm.cedula')}
            {...form.register('cedula')}
            error={fieldMessage(form.formState.errors.cedula)}
            autoComplete="off"
            w={260}
          />
          <Button type="submit" loading={lookup.isPending} disabled={isBlank}>
            {t('crm.lookup')}
          </Button>
        </Group>
      </form>
      {lookup.error && (
        <Alert color="red" role="alert" data-testid="lookup-error">
          {lookup.error instanceof ApiError ? lookup.error.message : t('errors.unexpected')}
        </Alert>
      )}
      {person && info && (
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(
              [
                [t('crm.cedula'), person.cedula],
                [t('crm.name'), person.name],
                [t('crm.email'), person.email, person.email ? person.emailVerified : undefined],
                [t('crm.phone'), person.phone, person.phone ? person.phoneVerified : undefined],
                [t('crm.birthdate'), person.birthdate],
                [t('crm.sex'), person.sex ? t(`crm.sexes.${person.sex}`) : null],
                [departmentLabel, person.department],
                [t('crm.consentAt'), formatDateTime(person.consentAt, timeZone, locale)],
              ] as const
            ).map(([label, value, verified]: readonly [string, string | null, boolean?]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
                {verified !== undefined && (
                  <Badge size="sm" variant="light" color={verified ? 'teal' : 'gray'}>
                    {verified ? t('crm.verified') : t('crm.unverified')}
                  </Badge>
                )}
              </div>
            ))}
          </SimpleGrid>
          {person.erased && (
            <Badge color="gray" mt="sm">
              {t('crm.erased')}
            </Badge>
          )}
          {info.claims.length > 0 && <ClaimsList claims={info.claims} />}
          <Table.ScrollContainer minWidth={560} mt="md">
            <Table striped>
              <Table.Caption>{t('crm.history')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('crm.when')}</Table.Th>
                  <Table.Th>{t('crm.campaign')}</Table.Th>
                  <Table.Th>{t('crm.device')}</Table.Th>
                  <Table.Th>{t('crm.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {info.participations.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed">{t('crm.noParticipations')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {info.participations.map((participation) => (
                  <Table.Tr key={participation.id}>
                    <Table.Td>{formatDateTime(participation.createdAt, timeZone, locale)}</Table.Td>
                    <Table.Td>
                      {participation.campaignTitle} ({participation.campaignName})
                    </Table.Td>
                    <Table.Td>
                      {t(
                        `stats.devices.${['unknown', 'mobile', 'tablet', 'desktop'][participation.deviceClass] ?? 'unknown'}`,
                      )}
                    </Table.Td>
                    <Table.Td>
                      <code>{JSON.stringify(participation.outcome)}</code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}

/** What was typed under this identity number and differs from the stored details (never applied). */
function ClaimsList({ claims }: { claims: ParticipantClaim[] }) {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { timeZone, locale } = useBackOffice();
  const fieldLabel = (field: ParticipantClaim['field']) =>
    field === 'department' ? departmentLabel : t(`crm.${field}`);
  return (
    <Alert color="yellow" mt="md" title={t('crm.claims')} data-testid="claims">
      <Text size="sm">{t('crm.claimsHelp')}</Text>
      <Stack component="ul" gap="xs" mt="sm" p={0} style={{ listStyle: 'none' }}>
        {claims.map((claim) => (
          <li key={`${claim.field}:${claim.value}`}>
            <Text size="sm">
              <Text span fw={700}>
                {fieldLabel(claim.field)}:
              </Text>{' '}
              <Text span style={{ overflowWrap: 'anywhere' }}>
                {claim.field === 'sex' ? t(`crm.sexes.${claim.value}`) : claim.value}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {t('crm.claimSeen', {
                count: claim.times,
                last: formatDateTime(claim.lastAt, timeZone, locale),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Alert>
  );
}
