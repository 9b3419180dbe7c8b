import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';

/** The newest messages of the outbox, for the development mailbox page. */
export async function listOutbox(db: Database, limit = 50) {
  return db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      html: outbox.html,
      text: outbox.textBody,
      template: outbox.template,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
