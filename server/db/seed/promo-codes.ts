import type { DbOrTx } from '../client';
import { promoCodes } from '../schema';

/**
 * The app's offer of the spec ("The app download offers 30% discount"): the code APP30, 30 %
 * off, once per customer, usable through the API like any code (decision 037). Inserted once;
 * staff may deactivate it.
 */
export async function seedPromoCodes(db: DbOrTx): Promise<void> {
  await db
    .insert(promoCodes)
    .values({
      code: 'APP30',
      description:
        'The app’s 30 % discount: 30 % off an order placed in the app, once per customer.',
      kind: 'percent',
      percentOff: 30,
      perCustomerLimit: 1,
    })
    .onConflictDoNothing();
}
