import { loadConfig } from '../../server/config';
import { customers, staffUsers } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createServices, type AppServices } from '../../server/services';
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
    close: async () => {
      await database.close();
      await stripe.close();
      await paypal?.close();
    },
  };
}
