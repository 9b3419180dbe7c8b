import { shopSettings } from '../../db/schema';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * The owner's settings of the shop's day (issue 31): one row, none read as the defaults. For
 * now one choice: whether collections whose card step was abandoned (pending payment) are
 * flagged on the driver's list ("Card not saved — collect payment details") or left off it.
 */

export type ShopSettings = { driverHidesCardNotSaved: boolean };

const defaults: ShopSettings = { driverHidesCardNotSaved: false };

/** The settings as they stand (the defaults before the owner saved any). */
export async function readShopSettings(deps: Pick<AppServices, 'db'>): Promise<ShopSettings> {
  const [row] = await deps.db.select().from(shopSettings).limit(1);
  return row ? { driverHidesCardNotSaved: row.driverHidesCardNotSaved } : { ...defaults };
}

/** Saves the settings (owner only: the route's guard), audited with before and after. */
export async function saveShopSettings(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: ShopSettings & { actor: Actor },
): Promise<ShopSettings> {
  const now = deps.now();
  const { actor, ...settings } = input;
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopSettings).for('update');
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: shopSettings.id, set: settings });
    await recordAudit(tx, {
      actor,
      now,
      action: 'settings.shop',
      entity: 'shop_settings',
      entityId: 1,
      before: before ? { driverHidesCardNotSaved: before.driverHidesCardNotSaved } : defaults,
      after: settings,
    });
    return settings;
  });
}
