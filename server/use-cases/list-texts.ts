import { desc, eq } from 'drizzle-orm';
import { orders, textMessages } from '../db/schema';
import type { AppServices } from '../services';
import { staffTextView } from './messages/present-texts';
import { orderNoView } from './orders/present-order-parts';

/**
 * The newest texts both ways, for the owner's mailbox page beside the mails (issue 17):
 * each with its channel, status and reason and the order it belongs to. Beside listOutbox:
 * it reads texts (./messages) and names orders (./orders), above both.
 */
export async function listTexts(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  options: { limit?: number } = {},
) {
  const now = deps.now();
  const rows = await deps.db
    .select({ text: textMessages, orderNo: orders.orderNo })
    .from(textMessages)
    .leftJoin(orders, eq(orders.id, textMessages.orderId))
    .orderBy(desc(textMessages.createdAt), desc(textMessages.id))
    .limit(options.limit ?? 50);
  return rows.map(({ text, orderNo }) =>
    staffTextView(
      text,
      now,
      text.orderId && orderNo !== null
        ? { id: text.orderId, ...orderNoView(deps.config.brand, { orderNo }) }
        : null,
    ),
  );
}
