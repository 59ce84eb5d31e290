import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { PLATFORM_TENANT_ID } from './db/schema.ts';
import { insertSampleCampaign } from './features/campaigns/index.ts';
import { insertSampleLanding } from './features/landings/index.ts';
import { ensureDemoTenant } from './features/tenants/index.ts';
import { countUsers, insertUser } from './features/users/index.ts';
import { hashPassword } from './platform/auth/passwords.ts';

export type FirstRun = { superadminPassword: string; adminPassword: string; generated: boolean };

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * On the very first start (no platform admin yet): the platform admin `superadmin`, the demo
 * tenant `demo` with its admin `admin`, a sample campaign `promo-demo` and its published landing
 * `/demo/landing/promo-demo`. Passwords come from INITIAL_ADMIN_PASSWORD, or are
 * generated and returned so that they are printed once. Later starts change nothing.
 */
export async function bootstrapFirstRun(
  db: Database,
  initialPassword: string | undefined,
  now: Date = new Date(),
): Promise<FirstRun | null> {
  const hasPlatformAdmin = await db.tx(
    { tenantId: PLATFORM_TENANT_ID },
    async (tx) => (await countUsers(tx, PLATFORM_TENANT_ID)) > 0,
  );
  if (hasPlatformAdmin) return null;
  const superadminPassword = initialPassword ?? generatePassword();
  const adminPassword = initialPassword ?? generatePassword();
  const [superHash, adminHash] = await Promise.all([
    hashPassword(superadminPassword),
    hashPassword(adminPassword),
  ]);
  await db.tx({ tenantId: PLATFORM_TENANT_ID }, async (tx) => {
    await insertUser(tx, {
      tenantId: PLATFORM_TENANT_ID,
      username: 'superadmin',
      passwordHash: superHash,
      role: 'SUPERADMIN',
      name: 'Administrador de la plataforma',
    });
    const demo = await ensureDemoTenant(tx);
    await tx.execute(sql`select set_config('app.tenant_id', ${demo.id}, true)`);
    await insertUser(tx, {
      tenantId: demo.id,
      username: 'admin',
      passwordHash: adminHash,
      role: 'ADMIN',
      name: 'Administrador Demo',
    });
    const campaign = await insertSampleCampaign(tx, demo.id, now);
    await insertSampleLanding(tx, demo.id, campaign.id, now);
  });
  return { superadminPassword, adminPassword, generated: initialPassword === undefined };
}
