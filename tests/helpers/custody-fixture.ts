import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { services as priceList } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { recordStopAction } from '../../server/use-cases/driver/stop-actions';
import { recordGarment } from '../../server/use-cases/intake/record-garment';
import { sendIntakeReport } from '../../server/use-cases/intake-report/send-intake-report';

/*
 * The chain of custody of an order as the shop records it (issue 16), through the real
 * use-cases: the driver's actions at a stop and the intake. The clock is the services' own
 * (tests pin it before each step).
 */

type Deps = Parameters<typeof recordStopAction>[0] &
  Parameters<typeof recordGarment>[0] &
  Pick<AppServices, 'content'>;

/** The driver collects the order: `bags` bags, which moves it to collected. */
export function collect(deps: Deps, actor: Actor, orderId: string, bags: number) {
  return recordStopAction(deps, {
    actor,
    orderId,
    idempotencyKey: randomUUID(),
    action: 'collect',
    bags,
    sealNumbers: [],
    note: '',
  });
}

/** The driver delivers the order (left with someone, with a photo), which moves it to delivered. */
export function deliver(
  deps: Deps,
  actor: Actor,
  orderId: string,
  handover: { leftWith: string; photoId?: string | null } = { leftWith: 'In person' },
) {
  return recordStopAction(deps, {
    actor,
    orderId,
    idempotencyKey: randomUUID(),
    action: 'deliver',
    note: '',
    ...handover,
  });
}

/** Intake: `count` shirts on hangers tagged, and the report sent. */
export async function recordIntake(deps: Deps, actor: Actor, orderId: string, count: number) {
  const [shirt] = await deps.db
    .select({ id: priceList.id })
    .from(priceList)
    .where(eq(priceList.serviceName, 'Shirt on hanger'))
    .limit(1);
  if (!shirt) throw new Error('The seeded price list has no "Shirt on hanger".');
  for (let i = 0; i < count; i++) {
    await recordGarment(deps, {
      actor,
      orderId,
      serviceId: shirt.id,
      colour: 'White',
      brand: '',
      treatment: '',
      damageNote: '',
      pocketNote: '',
    });
  }
  return sendIntakeReport(deps, { actor, orderId });
}
