import type { DbOrTx } from '../../server/db/client';
import { insertOrderRow } from '../helpers/fixtures';
import { recordGarmentRows } from '../helpers/intake-fixtures';

/**
 * Orders the e2e server writes at start for the intake report spec (issue 16), one per
 * Playwright project: collected yesterday, two garments recorded, the report not sent yet.
 */
export const E2E_INTAKE_ORDERS = {
  desktop: 'intake-desktop@e2e.test',
  mobile: 'intake-mobile@e2e.test',
} as const;

export async function seedIntakeOrders(db: DbOrTx, now: Date) {
  for (const email of Object.values(E2E_INTAKE_ORDERS)) {
    const order = await insertOrderRow(db, new Date(now.getTime() - 86_400_000), {
      status: 'collected',
      customerName: 'Mary Jackson',
      customerEmail: email,
    });
    await recordGarmentRows(db, order, [
      { tag: 'E2E-01', item: 'Shirt', colour: 'White', brand: 'Hawes', pockets: 'A receipt' },
      {
        tag: 'E2E-02',
        item: 'Wool coat',
        colour: 'Navy',
        brand: 'Crombie',
        damage: 'Small tear on the left pocket',
      },
    ]);
  }
}
