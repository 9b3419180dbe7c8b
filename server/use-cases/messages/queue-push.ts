import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushMessages, pushSubscriptions, type PushStatus } from '../../db/schema';
import type { PushPayload } from '../../adapters/push/push-sender';
import { queueJob } from '../../jobs/queue-job';
import { capDay, sendAfterFor, underDailyCap } from './text-rules';
import type { TextEvent } from './text-templates';

export type QueuedPush = PushPayload & {
  /** e.g. 'booking-confirmed', 'new-order'. */
  template: string;
  customerId?: string | null;
  staffId?: string | null;
  orderId?: string | null;
  /** Not before this instant (quiet hours); now when absent. */
  sendAfter?: Date;
  /** Once-only notifications: a second queue with the same key is a no-op. */
  dedupeKey?: string;
  /** Recorded but never sent: 'suppressed' with its reason (the daily cap). */
  suppressed?: string;
};

/**
 * Writes a notification in the caller's transaction with its 'deliver-push' job, started no
 * earlier than `sendAfter` (as queueText does for texts, decision 030). Returns the row's id,
 * or null when `dedupeKey` was already used. A step (decision 020).
 */
export async function queuePush(tx: DbOrTx, push: QueuedPush): Promise<number | null> {
  const status: PushStatus = push.suppressed ? 'suppressed' : 'queued';
  const rows = await tx
    .insert(pushMessages)
    .values({
      customerId: push.customerId ?? null,
      staffId: push.staffId ?? null,
      orderId: push.orderId ?? null,
      template: push.template,
      title: push.title,
      body: push.body,
      url: push.url,
      tag: push.tag,
      status,
      statusReason: push.suppressed ?? null,
      sendAfter: push.sendAfter ?? sql`now()`,
      dedupeKey: push.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: pushMessages.dedupeKey })
    .returning({ id: pushMessages.id, sendAfter: pushMessages.sendAfter });
  const row = rows[0];
  if (!row) return null;
  if (status === 'queued') {
    await queueJob(
      tx,
      'deliver-push',
      { pushId: row.id },
      { startAfter: row.sendAfter, singletonKey: `push:${row.id}` },
    );
  }
  return row.id;
}

/** Whether the customer has turned notifications on on any device. */
async function hasDevices(tx: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId))
    .limit(1);
  return row !== undefined;
}

/** Notifications of this customer counted on the London day of `sendAfter` (not the suppressed). */
async function pushesOnDay(tx: DbOrTx, customerId: string, sendAfter: Date): Promise<number> {
  const { from, to } = capDay(sendAfter);
  const [row] = await tx
    .select({ n: count() })
    .from(pushMessages)
    .where(
      and(
        eq(pushMessages.customerId, customerId),
        ne(pushMessages.status, 'suppressed'),
        gte(pushMessages.sendAfter, from),
        lt(pushMessages.sendAfter, to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A push notification to a customer's devices, through the texts' rules (text-rules.ts):
 * quiet hours (held until 08:00 London, except driver-on-the-way) and the daily cap, counted
 * over their notifications as texts are over their texts. A customer with no device turned on
 * gets nothing written. A suppressed one is still written, so staff can see why nothing went.
 */
export async function pushCustomer(
  tx: DbOrTx,
  input: {
    customerId: string;
    event: TextEvent;
    notice: PushPayload;
    orderId: string | null;
    dedupeKey?: string;
    now: Date;
  },
): Promise<'queued' | 'suppressed' | 'duplicate' | 'none'> {
  if (!(await hasDevices(tx, input.customerId))) return 'none';
  const sendAfter = sendAfterFor(input.event, input.now);
  const suppressed = underDailyCap(await pushesOnDay(tx, input.customerId, sendAfter))
    ? undefined
    : 'daily cap';
  const id = await queuePush(tx, {
    ...input.notice,
    template: input.event,
    customerId: input.customerId,
    orderId: input.orderId,
    sendAfter,
    dedupeKey: input.dedupeKey ? `push:${input.dedupeKey}` : undefined,
    suppressed,
  });
  if (id === null) return 'duplicate';
  return suppressed ? 'suppressed' : 'queued';
}
