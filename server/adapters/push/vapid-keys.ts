import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSecrets } from '../../db/schema';
import { generateVapidKeys, type VapidKeys } from './push-sender';

const VAPID_KEYS = 'vapid-keys';

/**
 * Web Push's VAPID key pair (decision 060): the configured one (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY; production on a real database requires them), or the pair made on first
 * start and kept in the database (`app_secrets`, like the link-signing key), so every instance
 * and every restart of the embedded demo signs with the key the browsers subscribed with.
 */
export async function loadVapidKeys(
  db: DbOrTx,
  configured: VapidKeys | undefined,
): Promise<VapidKeys> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: VAPID_KEYS, value: JSON.stringify(generateVapidKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_KEYS)).limit(1);
  return JSON.parse(row!.value) as VapidKeys;
}
