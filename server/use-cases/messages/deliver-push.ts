import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PushGoneError } from '../../adapters/push/push-sender';
import { pushMessages, pushSubscriptions, type PushStatus } from '../../db/schema';
import { queueJob } from '../../jobs/queue-job';
import { errorFields } from '../../logger';
import type { AppServices } from '../../services';
import { pushTtlSeconds } from './push-templates';

/**
 * Sends one queued notification to every device of its person, the work of its 'deliver-push'
 * job (issue 33, decision 060), as deliverText sends a text: the row locked while it is sent,
 * held again when quiet hours moved it on. A device whose push service answers 404 or 410 is
 * gone: its subscription is deleted. Any other failure is recorded (attempts, last_error) and
 * thrown once the devices reached are recorded in `delivered_to`, so pg-boss retries with
 * back-off and a retry reaches only the devices still missing. Returns the status the
 * notification has now, or null when there was nothing to do.
 */
export async function deliverPush(
  deps: Pick<AppServices, 'db' | 'push' | 'logger'>,
  input: { pushId: number },
): Promise<PushStatus | null> {
  let failure: unknown;
  const status = await deps.db.transaction(async (tx): Promise<PushStatus | null> => {
    const [row] = await tx
      .select({
        id: pushMessages.id,
        customerId: pushMessages.customerId,
        staffId: pushMessages.staffId,
        template: pushMessages.template,
        title: pushMessages.title,
        body: pushMessages.body,
        url: pushMessages.url,
        tag: pushMessages.tag,
        attempts: pushMessages.attempts,
        deliveredTo: pushMessages.deliveredTo,
        sendAfter: pushMessages.sendAfter,
        due: sql<boolean>`${pushMessages.sendAfter} <= now()`,
      })
      .from(pushMessages)
      .where(and(eq(pushMessages.id, input.pushId), eq(pushMessages.status, 'queued')))
      .for('update', { skipLocked: true });
    if (!row) return null;
    if (!row.due) {
      await queueJob(
        tx,
        'deliver-push',
        { pushId: row.id },
        { startAfter: row.sendAfter, singletonKey: `push:${row.id}` },
      );
      return 'queued';
    }
    // A customer's devices; a member of staff's that chose this event.
    const owner: SQL | undefined = row.customerId
      ? eq(pushSubscriptions.customerId, row.customerId)
      : row.staffId
        ? and(
            eq(pushSubscriptions.staffId, row.staffId),
            sql`${row.template} = any(${pushSubscriptions.staffEvents})`,
          )
        : undefined;
    const devices = owner
      ? await tx.select().from(pushSubscriptions).where(owner).orderBy(pushSubscriptions.createdAt)
      : [];
    const delivered = [...row.deliveredTo];
    const gone: string[] = [];
    const errors: string[] = [];
    const payload = { title: row.title, body: row.body, url: row.url, tag: row.tag };
    for (const device of devices.filter((d) => !delivered.includes(d.id))) {
      try {
        await deps.push.sender.send(device, payload, {
          ttlSeconds: pushTtlSeconds(row.template),
        });
        delivered.push(device.id);
      } catch (error) {
        if (error instanceof PushGoneError) {
          gone.push(device.id);
          continue;
        }
        errors.push((error instanceof Error ? error.message : String(error)).slice(0, 200));
        failure ??= error;
      }
    }
    if (gone.length > 0) {
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      deps.logger.info('push subscriptions gone, removed', { pushId: row.id, count: gone.length });
    }
    const reached = delivered.filter((id) => !row.deliveredTo.includes(id));
    if (reached.length > 0) {
      await tx
        .update(pushSubscriptions)
        .set({ lastUsedAt: sql`now()` })
        .where(inArray(pushSubscriptions.id, reached));
    }
    const set = (values: Parameters<ReturnType<typeof tx.update<typeof pushMessages>>['set']>[0]) =>
      tx
        .update(pushMessages)
        .set({ ...values, attempts: row.attempts + 1, deliveredTo: delivered })
        .where(eq(pushMessages.id, row.id));
    if (failure !== undefined) {
      await set({ lastError: errors.join('; ').slice(0, 500) });
      deps.logger.warn('push delivery failed; will retry', {
        pushId: row.id,
        attempts: row.attempts + 1,
        ...errorFields(failure),
      });
      return 'queued';
    }
    if (delivered.length > 0) {
      await set({ status: 'sent', sentAt: sql`now()`, lastError: null });
      return 'sent';
    }
    await set({
      status: 'failed',
      statusReason: gone.length > 0 ? 'every device was gone' : 'no device turned on',
    });
    return 'failed';
  });
  // Thrown once the attempt is recorded: the job fails and pg-boss retries it with back-off.
  if (failure !== undefined) throw failure;
  return status;
}
