import type { Tx } from '../../db/client.ts';
import { type CampaignRow, insertCampaign } from './campaigns.repository.ts';

/** The demo tenant's sample campaign: an active raffle open for 90 days with the standard form. */
function sampleCampaign(tenantId: string, now: Date) {
  const day = 86_400_000;
  return {
    tenantId,
    name: 'promo-demo',
    title: 'Gran rifa de bienvenida',
    description: 'Campaña de ejemplo: regístrese y participe en la rifa.',
    kind: 'raffle' as const,
    countryCode: 'CR',
    startsAt: new Date(now.getTime() - day),
    endsAt: new Date(now.getTime() + 90 * day),
    terms: 'Participación gratuita para mayores de edad residentes en Costa Rica.',
    settings: {},
    formFields: [
      { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
      { key: 'name', type: 'text', label: 'Nombre completo', required: true },
      { key: 'email', type: 'email', label: 'Correo electrónico', required: false },
      { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
      { key: 'birthdate', type: 'date', label: 'Fecha de nacimiento', required: true },
      { key: 'sex', type: 'sex', label: 'Sexo', required: false },
      { key: 'department', type: 'department', label: 'Provincia', required: true },
    ],
    active: true,
    activatedAt: now,
    archived: false,
  };
}

/** The demo tenant's sample campaign `promo-demo` (first run). */
export function insertSampleCampaign(tx: Tx, tenantId: string, now: Date): Promise<CampaignRow> {
  return insertCampaign(tx, sampleCampaign(tenantId, now));
}
