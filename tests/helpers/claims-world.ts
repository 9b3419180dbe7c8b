import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { customers, orders, payments, staffUsers } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createServices, type AppServices } from '../../server/services';
import { issueInvoice } from '../../server/use-cases/invoices/vat-documents';
import { startPayPalStandIn, type PayPalStandIn } from './paypal-stand-in';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';
import { createTestDatabase, type TestDatabase } from './test-database';

/*
 * What the claims' payment tests stand on (decision 063): services on a fresh test database
 * whose card provider is Stripe's official SDK talking to the Stripe stand-in (and PayPal's to
 * its stand-in, when asked), on the test's own clock, with a member of staff and a customer.
 */

export type ClaimsWorld<Role extends 'owner' | 'staff'> = {
  database: TestDatabase;
  services: AppServices;
  stripe: StripeStandIn;
  paypal: PayPalStandIn | null;
  actor: { id: string; name: string; role: Role };
  customerId: string;
  /**
   * Pays an order by the card charges given, at `at` a minute apart: each a PaymentIntent of
   * the Stripe stand-in (`takes`: what it will refund of it) and a charge row, the order's
   * paid amount (with `otherPence` in cash or credit) and its invoice. Returns the intents' ids.
   */
  payByCard: (
    orderId: string,
    charges: { pence: number; takes?: number }[],
    options: { at: Date; refPrefix: string; otherPence?: number },
  ) => Promise<string[]>;
  close: () => Promise<void>;
};

export async function startClaimsWorld<Role extends 'owner' | 'staff'>(options: {
  now: () => Date;
  role: Role;
  paypal?: boolean;
}): Promise<ClaimsWorld<Role>> {
  const stripe = await startStripeStandIn();
  const paypal = options.paypal ? await startPayPalStandIn() : null;
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_API_BASE: stripe.url,
    ...(paypal
      ? {
          PAYPAL_CLIENT_ID: paypal.clientId,
          PAYPAL_CLIENT_SECRET: paypal.clientSecret,
          PAYPAL_API_BASE: paypal.url,
        }
      : {}),
  });
  const services = createServices(config, database, createLogger('silent'), { now: options.now });
  const name = options.role === 'owner' ? 'Olive' : 'Sam';
  const [member] = await database.db
    .insert(staffUsers)
    .values({
      email: `${name.toLowerCase()}@example.com`,
      name,
      role: options.role,
      passwordHash: 'x',
    })
    .returning();
  const [customer] = await database.db
    .insert(customers)
    .values({ name: 'Ada', email: 'ada@example.com', phone: '07700900123' })
    .returning();
  return {
    database,
    services,
    stripe,
    paypal,
    actor: { id: member!.id, name, role: options.role },
    customerId: customer!.id,
    payByCard: async (orderId, charges, { at, refPrefix, otherPence = 0 }) => {
      const refs: string[] = [];
      for (const [i, charge] of charges.entries()) {
        const ref = `${refPrefix}_${i}`;
        refs.push(ref);
        stripe.paidIntent(ref, charge.takes ?? charge.pence);
        await database.db.insert(payments).values({
          orderId,
          provider: 'stripe',
          kind: 'charge',
          providerRef: ref,
          status: 'succeeded',
          amountPence: charge.pence,
          cardLast4: '4242',
          createdAt: new Date(at.getTime() + i * 60_000),
        });
      }
      const paid = charges.reduce((sum, c) => sum + c.pence, otherPence);
      const [row] = await database.db
        .update(orders)
        .set({ paidPence: paid })
        .where(eq(orders.id, orderId))
        .returning();
      await database.db.transaction((tx) =>
        issueInvoice(tx, { brand: services.config.brand, order: row!, now: at }),
      );
      return refs;
    },
    close: async () => {
      await database.close();
      await stripe.close();
      await paypal?.close();
    },
  };
}
