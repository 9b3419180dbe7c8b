import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { textMessages, type TextChannel, type TextStatus } from '../../db/schema';
import { queueJob } from '../../jobs/queue-job';

export type QueuedText = {
  channel: TextChannel;
  purpose?: 'service' | 'marketing';
  /** e.g. 'collection-reminder'. */
  template: string;
  customerId?: string | null;
  orderId?: string | null;
  /** E.164 (textablePhone). */
  phone: string;
  body: string;
  /** Not before this instant (quiet hours); now when absent. */
  sendAfter?: Date;
  /** Once-only messages: a second queue with the same key is a no-op. */
  dedupeKey?: string;
  /** Recorded but never sent: 'suppressed' with its reason (opted out, daily cap…). */
  suppressed?: string;
};

/**
 * Writes an outbound text in the caller's transaction, so it exists exactly when the change
 * that caused it was committed (like mail, decision 002), with its delivery job
 * ('deliver-text', decision 030) in the same transaction, started no earlier than
 * `sendAfter`. Returns the row's id, or null when `dedupeKey` was already used.
 *
 * This is a step (decision 020): it takes the caller's transaction first.
 */
export async function queueText(tx: DbOrTx, text: QueuedText): Promise<number | null> {
  const status: TextStatus = text.suppressed ? 'suppressed' : 'queued';
  const rows = await tx
    .insert(textMessages)
    .values({
      direction: 'outbound',
      channel: text.channel,
      purpose: text.purpose ?? 'service',
      template: text.template,
      customerId: text.customerId ?? null,
      orderId: text.orderId ?? null,
      phone: text.phone,
      body: text.body,
      status,
      statusReason: text.suppressed ?? null,
      sendAfter: text.sendAfter ?? sql`now()`,
      dedupeKey: text.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: textMessages.dedupeKey })
    .returning({ id: textMessages.id, sendAfter: textMessages.sendAfter });
  const row = rows[0];
  if (!row) return null;
  if (status === 'queued') {
    await queueJob(
      tx,
      'deliver-text',
      { textId: row.id },
      { startAfter: row.sendAfter, singletonKey: `text:${row.id}` },
    );
  }
  return row.id;
}
