import { and, eq, sql } from 'drizzle-orm';
import { PermanentTextError } from '../../adapters/texts/text-transport';
import { textMessages, textOptOuts, type TextStatus } from '../../db/schema';
import { queueJob } from '../../jobs/queue-job';
import { errorFields } from '../../logger';
import type { AppServices } from '../../services';

/** The reason on texts kept in the outbox because no provider is configured. */
export const OFFLINE_TEXT_REASON = 'offline outbox (Twilio not configured)';

/** Where Twilio posts delivery receipts (server/http/api/twilio-webhooks.ts). */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status';

/**
 * Sends one queued text, the work of its 'deliver-text' job (decision 030). Rows no longer
 * 'queued' are left alone (sent already, suppressed, another instance sending it now); a number
 * that opted out since is suppressed; without Twilio the text is marked 'not-sent' (the offline
 * outbox). A refusal that cannot change is 'failed' without retry; anything else is recorded
 * (attempts, last_error) and thrown, so the job is retried with back-off. Returns the status
 * the text has now, or null when there was nothing to do.
 */
export async function deliverText(
  deps: Pick<AppServices, 'db' | 'texts' | 'config' | 'logger'>,
  input: { textId: number },
): Promise<TextStatus | null> {
  let failure: unknown;
  const status = await deps.db.transaction(async (tx): Promise<TextStatus | null> => {
    // Locked while it is sent: a second job for it on any instance skips it.
    const [row] = await tx
      .select({
        id: textMessages.id,
        channel: textMessages.channel,
        phone: textMessages.phone,
        body: textMessages.body,
        attempts: textMessages.attempts,
        sendAfter: textMessages.sendAfter,
        due: sql<boolean>`${textMessages.sendAfter} <= now()`,
      })
      .from(textMessages)
      .where(
        and(
          eq(textMessages.id, input.textId),
          eq(textMessages.direction, 'outbound'),
          eq(textMessages.status, 'queued'),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return null;
    const set = (values: Parameters<ReturnType<typeof tx.update<typeof textMessages>>['set']>[0]) =>
      tx.update(textMessages).set(values).where(eq(textMessages.id, row.id));
    if (!row.due) {
      // Held (quiet hours) after this job was queued: a job for the time it may go.
      await queueJob(
        tx,
        'deliver-text',
        { textId: row.id },
        { startAfter: row.sendAfter, singletonKey: `text:${row.id}` },
      );
      return 'queued';
    }
    const [optedOut] = await tx
      .select({ phone: textOptOuts.phone })
      .from(textOptOuts)
      .where(eq(textOptOuts.phone, row.phone));
    if (optedOut) {
      await set({ status: 'suppressed', statusReason: 'opted out' });
      return 'suppressed';
    }
    const transport = deps.texts.transport;
    if (!transport) {
      await set({ status: 'not-sent', statusReason: OFFLINE_TEXT_REASON });
      return 'not-sent';
    }
    try {
      const { sid } = await transport.send({
        channel: row.channel,
        to: row.phone,
        body: row.body,
        statusCallback: `${deps.config.publicUrl}${TWILIO_STATUS_PATH}`,
      });
      await set({
        status: 'sent',
        providerSid: sid,
        sentAt: sql`now()`,
        attempts: row.attempts + 1,
        lastError: null,
      });
      return 'sent';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (error instanceof PermanentTextError) {
        await set({
          status: 'failed',
          statusReason: message,
          lastError: message,
          attempts: row.attempts + 1,
        });
        deps.logger.warn('text refused by the provider; not retried', {
          textId: row.id,
          code: error.code,
        });
        return 'failed';
      }
      await set({ attempts: row.attempts + 1, lastError: message });
      deps.logger.warn('text delivery failed; will retry', {
        textId: row.id,
        attempts: row.attempts + 1,
        ...errorFields(error),
      });
      failure = error;
      return 'queued';
    }
  });
  // Thrown once the attempt is recorded: the job fails and pg-boss retries it with back-off.
  if (failure !== undefined) throw failure;
  return status;
}
