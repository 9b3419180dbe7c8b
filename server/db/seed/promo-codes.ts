import type { DbOrTx } from '../client';
import { promoCodes } from '../schema';

/**
 * The app's offer of the spec ("The app download offers 30% discount"): the code APP30, 30 %
 * off your first order (the site's words: "30% off your first order in our app"), usable through the API like any code (decision 037). Inserted once;
 * staff may deactivate it.
 */
export async function seedPromoCodes(db: DbOrTx): Promise<void> {
  await db
    .insert(promoCodes)
    .values({
      code: 'APP30',
      description: 'The app’s 30 % discount: 30 % off your first order in our app.',
      kind: 'percent',
      percentOff: 30,
      firstOrderOnly: true,
    })
    .onConflictDoNothing();
}
