import type { DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * The owner's settings of the shop's day (issue 31): one row, none read as the defaults. For
 * now: whether collections whose card step was abandoned (pending payment) are flagged on the
 * driver's list ("Card not saved — collect payment details") or left off it; and the counter's
 * two (decision 050): handing over unpaid without a reason, collecting at another branch.
 */

export type ShopSettings = {
  driverHidesCardNotSaved: boolean;
  /** A counter ticket with money due may be handed over unpaid without a reason (decision 050). */
  counterUnpaidWithoutReason: boolean;
  /** A counter ticket may be collected at a branch other than its own (decision 050). */
  counterCollectElsewhere: boolean;
};

const defaults: ShopSettings = {
  driverHidesCardNotSaved: false,
  counterUnpaidWithoutReason: false,
  counterCollectElsewhere: false,
};

const settingsOf = (row: typeof shopSettings.$inferSelect): ShopSettings => ({
  driverHidesCardNotSaved: row.driverHidesCardNotSaved,
  counterUnpaidWithoutReason: row.counterUnpaidWithoutReason,
  counterCollectElsewhere: row.counterCollectElsewhere,
});

/** The settings as they stand (the defaults before the owner saved any). */
export async function readShopSettings(deps: Pick<AppServices, 'db'>): Promise<ShopSettings> {
  return shopSettingsIn(deps.db);
}

/** The settings read in the caller's transaction (a step). */
export async function shopSettingsIn(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).limit(1);
  return row ? settingsOf(row) : { ...defaults };
}

/**
 * Saves the settings (owner only: the route's guard), audited with before and after. Settings
 * left out keep their value.
 */
export async function saveShopSettings(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: Partial<ShopSettings> & { actor: Actor },
): Promise<ShopSettings> {
  const now = deps.now();
  const { actor, ...changes } = input;
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopSettings).for('update');
    const settings: ShopSettings = {
      ...(before ? settingsOf(before) : defaults),
      ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    };
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
      before: before ? settingsOf(before) : defaults,
      after: settings,
    });
    return settings;
  });
}
