import type { AppServices } from '@server/services';
import { intakeView, listGarments } from '~/server/intake.server';

/** The intake panel's data: the order's garments, the next free tag, earlier garments to link. */
export async function loadIntake(
  services: Pick<AppServices, 'db' | 'config' | 'now'>,
  orderId: string,
) {
  return intakeView(services.config.brand, await listGarments(services, { orderId }));
}
