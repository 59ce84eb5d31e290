// One published campaign per kind, each with the two pages of its designed template (form and
// thank-you), made through the API of a running server exactly as an admin would: campaign with
// the standard form, what its kind needs to hand out an outcome (a centre and codes, a prize with
// a winning moment already due, points per participation), activation, then
// `POST /api/landing-pages/template` for each page, publication and a landing group.
// Used by bench/lighthouse/run.mjs and scripts/template-screenshots.mjs.
import { api, PASSWORD } from './server.mjs';

export const TEMPLATE_KINDS = ['reward_code', 'raffle', 'instant_award', 'points', 'marketplace'];

const TEXTS = {
  reward_code: {
    title: 'Código de descuento de verano',
    description: 'Regístrese y reciba al instante un código de descuento para canjear en nuestras tiendas.',
  },
  raffle: {
    title: 'Gran sorteo de fin de año',
    description: 'Inscríbase y participe por un viaje para dos personas a la playa.',
  },
  instant_award: {
    title: 'Raspe y gane',
    description: 'Descubra al instante si ganó uno de nuestros premios.',
  },
  points: {
    title: 'Club de puntos',
    description: 'Registre sus compras, sume puntos y cámbielos por productos.',
  },
  marketplace: {
    title: 'Tienda de canje',
    description: 'Use sus puntos en nuestra tienda: productos nuevos cada semana.',
  },
};

const FORM = {
  fields: [
    { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
    { key: 'name', type: 'text', label: 'Nombre completo', required: true },
    { key: 'email', type: 'email', label: 'Correo electrónico', required: false },
    { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
    { key: 'birthdate', type: 'date', label: 'Fecha de nacimiento', required: true },
    { key: 'sex', type: 'sex', label: 'Sexo', required: false },
    { key: 'department', type: 'department', label: 'Provincia', required: true },
  ],
};

export async function adminToken(url, tenant = 'demo', password = PASSWORD) {
  const { token } = await api(url, '/api/auth/login', {
    body: { tenant, username: 'admin', password },
  });
  return token;
}

/** A redemption centre of the tenant, where codes are redeemed and instant prizes claimed. */
async function createCentre(url, token) {
  return api(url, '/api/redemption-centres', {
    token,
    body: {
      code: String(100_000 + (Date.now() % 899_999)),
      name: 'Tienda Centro',
      address: 'Avenida Central, calle 5',
      department: 'San José',
      latitude: 9.9325,
      longitude: -84.0795,
    },
  });
}

/** What each kind needs in its settings besides the form before people can take part. */
function settingsOf(kind, centre) {
  if (kind === 'reward_code' || kind === 'instant_award') return { settings: { centreIds: [centre.id] } };
  if (kind === 'points') return { settings: { pointsPerParticipation: 100 } };
  return {};
}

/** After the campaign exists and before it is activated. */
async function stock(url, token, kind, campaignId, startsAt, centre) {
  if (kind !== 'instant_award') return;
  const prize = await api(url, `/api/instant-awards/${campaignId}/prizes`, {
    token,
    body: { name: 'Camiseta oficial', value: 15_000, stock: 2, centreId: centre.id },
  });
  // two moments already due: the first two participations win (the outcome the screenshots show)
  const at = (minutes) => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
  await api(url, `/api/instant-awards/${campaignId}/moments`, {
    token,
    method: 'PUT',
    body: { moments: [1, 2].map((m) => ({ at: at(m), prizeId: prize.id })) },
  });
}

/**
 * Creates and publishes one campaign per kind with its template pages. Returns, per kind, the
 * public addresses of the form page and of the thank-you page (`?page=2`) and the campaign name.
 * `password` is the tenant admin's (the benches' by default; the browser tests pass theirs).
 */
export async function createTemplatePages(url, { kinds = TEMPLATE_KINDS, tenant = 'demo', password } = {}) {
  const token = await adminToken(url, tenant, password);
  const suffix = Date.now().toString(36);
  const now = Date.now();
  const startsAt = new Date(now - 86_400_000).toISOString();
  const centre = await createCentre(url, token);
  const pages = [];
  for (const kind of kinds) {
    const name = `plantilla-${kind.replace('_', '-')}-${suffix}`;
    const campaign = await api(url, '/api/campaigns', {
      token,
      body: {
        name,
        ...TEXTS[kind],
        kind,
        countryCode: 'CR',
        startsAt,
        endsAt: new Date(now + 30 * 86_400_000).toISOString(),
        ...(kind === 'reward_code'
          ? { redeemFrom: startsAt, redeemUntil: new Date(now + 60 * 86_400_000).toISOString() }
          : {}),
        terms: 'Promoción válida en Costa Rica para personas mayores de edad. Un registro por persona.',
        ...settingsOf(kind, centre),
      },
    });
    await api(url, `/api/campaigns/${campaign.id}/form`, { token, method: 'PUT', body: FORM });
    await stock(url, token, kind, campaign.id, startsAt, centre);
    await api(url, `/api/campaigns/${campaign.id}/active-status`, {
      token,
      method: 'PATCH',
      body: { active: true },
    });
    if (kind === 'reward_code')
      await api(url, '/api/reward-codes', { token, body: { campaignId: campaign.id, count: 20 } });
    const landingIds = [];
    for (const page of ['form', 'thanks']) {
      const landing = await api(url, '/api/landing-pages/template', {
        token,
        body: { name: page === 'form' ? 'Registro' : 'Gracias', campaignId: campaign.id, page },
      });
      await api(url, `/api/landing-pages/${landing.id}/publish`, { token, body: {} });
      landingIds.push(landing.id);
    }
    await api(url, '/api/landing-group', { token, body: { name, landingIds } });
    const path = `/${tenant}/landing/${name}`;
    pages.push({ kind, campaign: name, form: `${url}${path}`, thanks: `${url}${path}?page=2` });
  }
  return pages;
}
