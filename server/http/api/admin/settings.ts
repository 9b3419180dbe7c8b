import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import {
  readShopSettings,
  saveShopSettings,
  type ShopSettings,
} from '../../../use-cases/admin/shop-settings';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** The owner's settings of the shop's day (issue 31): owner only. */
export function adminSettingsRoutes(app: FastifyInstance, services: AppServices) {
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  const view = (s: ShopSettings) => ({
    driver_hides_card_not_saved: s.driverHidesCardNotSaved,
    counter_unpaid_without_reason: s.counterUnpaidWithoutReason,
    counter_collect_elsewhere: s.counterCollectElsewhere,
  });

  route(app, e.shopSettings, ownerOnly, async () => {
    const settings = await readShopSettings(services);
    return { status: true, ...view(settings) };
  });
  route(
    app,
    e.saveShopSettings,
    { ...ownerOnly, invalidMessage: 'Please check the settings.' },
    async ({ body }, request) => {
      const saved = await saveShopSettings(services, {
        actor: staffOf(request),
        driverHidesCardNotSaved: body.driver_hides_card_not_saved,
        counterUnpaidWithoutReason: body.counter_unpaid_without_reason,
        counterCollectElsewhere: body.counter_collect_elsewhere,
      });
      return {
        status: true,
        ...view(saved),
        message:
          body.driver_hides_card_not_saved === undefined
            ? 'Saved. The counter’s hand-over rules are updated.'
            : saved.driverHidesCardNotSaved
              ? 'Saved. Orders whose card was never saved are left off the driver’s list.'
              : 'Saved. Orders whose card was never saved are listed for the driver, flagged.',
      };
    },
  );
}
