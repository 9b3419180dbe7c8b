import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { readShopSettings, saveShopSettings } from '../../../use-cases/admin/shop-settings';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** The owner's settings of the shop's day (issue 31): owner only. */
export function adminSettingsRoutes(app: FastifyInstance, services: AppServices) {
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  route(app, e.shopSettings, ownerOnly, async () => {
    const settings = await readShopSettings(services);
    return { status: true, driver_hides_card_not_saved: settings.driverHidesCardNotSaved };
  });
  route(
    app,
    e.saveShopSettings,
    { ...ownerOnly, invalidMessage: 'Please check the settings.' },
    async ({ body }, request) => {
      const saved = await saveShopSettings(services, {
        actor: staffOf(request),
        driverHidesCardNotSaved: body.driver_hides_card_not_saved,
      });
      return {
        status: true,
        driver_hides_card_not_saved: saved.driverHidesCardNotSaved,
        message: saved.driverHidesCardNotSaved
          ? 'Saved. Orders whose card was never saved are left off the driver’s list.'
          : 'Saved. Orders whose card was never saved are listed for the driver, flagged.',
      };
    },
  );
}
