import type { AppServices } from '../../server/services';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { photographGarment, recordGarmentRows } from '@tests/helpers/intake-fixtures';

/**
 * Orders the e2e server writes at start for the intake report spec (issue 16), one per
 * Playwright project: collected yesterday, two garments recorded (by the intake use-case) with a photo each (and one
 * of the coat's damage), the report not sent yet.
 */
export const E2E_INTAKE_REPORT_ORDERS = {
  desktop: 'intake-report-desktop@e2e.test',
  mobile: 'intake-report-mobile@e2e.test',
} as const;

export async function seedIntakeOrders(
  services: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'storage' | 'now'>,
  actor: Actor,
) {
  const { db } = services;
  const now = services.now();
  for (const email of Object.values(E2E_INTAKE_REPORT_ORDERS)) {
    const order = await insertOrderRow(db, new Date(now.getTime() - 86_400_000), {
      status: 'collected',
      customerName: 'Mary Jackson',
      customerEmail: email,
    });
    const [shirt, coat] = await recordGarmentRows(services, actor, order.id, [
      {
        tag: 'E2E-01',
        item: 'Shirt on hanger',
        colour: 'White',
        brand: 'Hawes',
        pockets: 'A receipt',
      },
      {
        tag: 'E2E-02',
        item: 'Overcoat (wool)',
        colour: 'Navy',
        brand: 'Crombie',
        damage: 'Small tear on the left pocket',
      },
    ]);
    await photographGarment(services, shirt!, 'garment', '#f8fafc');
    await photographGarment(services, coat!, 'garment', '#1e3a8a');
    await photographGarment(services, coat!, 'damage', '#7f1d1d');
  }
}
