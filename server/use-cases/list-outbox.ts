import { desc } from 'drizzle-orm';
import type { AppServices } from '../services';
import { outbox } from '../db/schema';

/**
 * The newest messages of the outbox, for the owner's mailbox page (/admin/mailbox): who each
 * went to, what it was and whether it was sent. The bodies only when mail is kept in the
 * outbox: then the page is the only way to read them; once SMTP delivers them, the shop has
 * no need to read customers' reset links and deletion codes.
 */
export async function listOutbox(
  deps: Pick<AppServices, 'db'>,
  options: { bodies: boolean; limit?: number },
) {
  const rows = await deps.db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      html: outbox.html,
      text: outbox.textBody,
      template: outbox.template,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      expiredAt: outbox.expiredAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(options.limit ?? 50);
  return rows.map(({ html, text, ...row }) =>
    options.bodies ? { ...row, body: { html, text } } : { ...row, body: null },
  );
}
