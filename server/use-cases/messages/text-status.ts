import { and, eq, inArray, sql } from 'drizzle-orm';
import { textMessages, type TextStatus } from '../../db/schema';
import type { AppServices } from '../../services';

export type TextStatusReport = {
  providerSid: string;
  /** Twilio's MessageStatus: queued, sending, sent, delivered, read, undelivered, failed … */
  status: string;
  /** Twilio's ErrorCode, with undelivered and failed. */
  errorCode?: string;
};

/** Which statuses a receipt may move a text from: never backwards, never from a final one. */
const MOVES: Partial<Record<string, { to: TextStatus; from: TextStatus[] }>> = {
  sent: { to: 'sent', from: ['queued'] },
  delivered: { to: 'delivered', from: ['queued', 'sent'] },
  // WhatsApp's "read" comes after "delivered": it is delivered.
  read: { to: 'delivered', from: ['queued', 'sent'] },
  undelivered: { to: 'undelivered', from: ['queued', 'sent'] },
  failed: { to: 'failed', from: ['queued', 'sent'] },
};

/**
 * A delivery receipt (issue 17), after the webhook checked its signature: moves the text with
 * this provider SID forward. Receipts arrive out of order and more than once, so an earlier
 * or repeated one changes nothing. Returns whether the text changed.
 */
export async function recordTextStatus(
  deps: Pick<AppServices, 'db'>,
  input: TextStatusReport,
): Promise<boolean> {
  const move = MOVES[input.status];
  if (!move) return false;
  const reason =
    move.to === 'undelivered' || move.to === 'failed'
      ? `${move.to} (Twilio error ${input.errorCode ?? 'unknown'})`
      : null;
  const changed = await deps.db
    .update(textMessages)
    .set({
      status: move.to,
      ...(reason ? { statusReason: reason } : {}),
      ...(move.to === 'delivered' ? { deliveredAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(textMessages.providerSid, input.providerSid),
        eq(textMessages.direction, 'outbound'),
        inArray(textMessages.status, move.from),
      ),
    )
    .returning({ id: textMessages.id });
  return changed.length > 0;
}
