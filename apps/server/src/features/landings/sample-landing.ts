import type { Tx } from '../../db/client.ts';
import { standardFormPage, thankYouPage } from './fixtures/standard-page.ts';
import { insertLanding, insertLandingGroup, insertLandingVersion } from './landings.repository.ts';

/** The group name of the demo's sample landing: `/demo/landing/promo-demo`. */
export const SAMPLE_LANDING_GROUP = 'promo-demo';

/**
 * The demo tenant's sample landing (first run): the standard form page and a thank-you page,
 * published, in the group `promo-demo` of the sample campaign. The page the Lighthouse audit
 * measures (bench/lighthouse).
 */
export async function insertSampleLanding(tx: Tx, tenantId: string, campaignId: string, now: Date) {
  const pages = [
    ['Registro', standardFormPage('Gran rifa de bienvenida')],
    ['Gracias', thankYouPage()],
  ] as const;
  const ids: string[] = [];
  for (const [name, document] of pages) {
    const landing = await insertLanding(tx, { tenantId, campaignId, name, document, publishedVersion: 1 });
    await insertLandingVersion(tx, {
      tenantId,
      landingId: landing.id,
      version: 1,
      document,
      publishedAt: now,
    });
    ids.push(landing.id);
  }
  await insertLandingGroup(tx, { tenantId, campaignId, name: SAMPLE_LANDING_GROUP, landingIds: ids });
}
