import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { errorFields, type Logger } from '../../logger';
import { queueJob } from '../../jobs/queue-job';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of message this is, e.g. 'order-confirmation'; for tests and the mailbox. */
  template: string;
  /** Files sent with it (an invoice PDF). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** What actually hands a message to the world. SMTP in production; tests start a real SMTP server. */
export type MailTransport = {
  send(message: MailMessage & { from: string }): Promise<void>;
};

export type MailService = {
  /** 'smtp' delivers; 'outbox' keeps messages for the owner's mailbox page (/admin/mailbox). */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Writes the message to the outbox, inside the caller's transaction when given, so a
   * message exists exactly when the change that caused it was committed. With SMTP its
   * delivery job ('deliver-mail') is queued in the same transaction (decision 030).
   */
  enqueue(message: MailMessage, db?: DbOrTx): Promise<void>;
  /**
   * Sends one outbox message, the work of its 'deliver-mail' job: true when sent now, false
   * when it was sent already (or another instance is sending it). A failure is recorded on
   * the row (attempts, last_error) and thrown, so the job queue retries with back-off.
   */
  deliver(outboxId: number): Promise<boolean>;
  /**
   * Whether mail is being delivered, for /readyz: with SMTP, messages that have waited longer
   * than STUCK_AFTER_MINUTES while nothing at all was sent in that time (SMTP refusing or
   * unreachable, or no worker running). One query on the outbox's pending index.
   */
  deliveryStatus(): Promise<MailDeliveryStatus>;
};

export type MailDeliveryStatus =
  | { kind: 'outbox' }
  | { kind: 'smtp'; delivering: true }
  | { kind: 'smtp'; delivering: false; waiting: number; minutes: number };

/** Unsent this long, with nothing sent meanwhile, counts as mail not being delivered. */
export const STUCK_AFTER_MINUTES = 15;

/**
 * Mail not sent within a day is never sent: marked expired in the outbox instead. It was kept
 * while the site ran without SMTP, or SMTP was down for a day; by now its reset link, sign-in
 * code or "on the way" news is stale or worse, and the customer has moved on.
 */
export const MAIL_EXPIRES_AFTER_MS = 24 * 60 * 60_000;

/** Whether a message queued at `createdAt` is too old to send at `now`. */
export function mailExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > MAIL_EXPIRES_AFTER_MS;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
  };
}

export function createMailService(options: {
  db: Database;
  logger: Logger;
  from: string;
  /** Without a transport, messages stay in the outbox: the embedded development default. */
  transport?: MailTransport;
  now?: () => Date;
}): MailService {
  const { db, logger, from, transport } = options;
  const now = options.now ?? (() => new Date());

  async function deliver(outboxId: number): Promise<boolean> {
    if (!transport) return false;
    let failure: { error: unknown } | undefined;
    const sent = await db.transaction(async (tx) => {
      // The row stays locked while it is sent: a second job for it (the safety sweep, a
      // retry after a dead worker) on any instance skips it rather than sending it twice.
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, outboxId), isNull(outbox.sentAt), isNull(outbox.expiredAt)))
        .for('update', { skipLocked: true });
      if (!row) return false;
      if (mailExpired(row.createdAt, now())) {
        await tx.update(outbox).set({ expiredAt: now() }).where(eq(outbox.id, row.id));
        logger.warn('mail expired unsent', { outboxId: row.id, template: row.template });
        return false;
      }
      try {
        await transport.send({
          from,
          to: row.toAddress,
          subject: row.subject,
          html: row.html,
          text: row.textBody,
          template: row.template,
          attachments: row.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
      } catch (error) {
        failure = { error };
        await tx
          .update(outbox)
          .set({
            attempts: row.attempts + 1,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(outbox.id, row.id));
        // Still failing after STUCK_AFTER_MINUTES: /readyz reports it, and so does the log.
        const stuck = Date.now() - row.createdAt.getTime() > STUCK_AFTER_MINUTES * 60_000;
        logger[stuck ? 'error' : 'warn']('mail delivery failed; will retry', {
          outboxId: row.id,
          attempts: row.attempts + 1,
          ...errorFields(error),
        });
        return false;
      }
      await tx
        .update(outbox)
        .set({ sentAt: sql`now()` })
        .where(eq(outbox.id, row.id));
      return true;
    });
    // Thrown after the attempt was recorded: the job fails and pg-boss retries it.
    if (failure) throw failure.error;
    return sent;
  }

  const service: MailService = {
    kind: transport ? 'smtp' : 'outbox',
    async enqueue(message, target = db) {
      // A customer without an e-mail address (a walk-in at the counter, decision 049) is
      // sent nothing: there is nowhere to send it, and a row would fail for ever.
      if (message.to.trim() === '') return;
      const [row] = await target
        .insert(outbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          html: message.html,
          textBody: message.text,
          template: message.template,
          attachments: message.attachments?.length
            ? message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                contentBase64: a.content.toString('base64'),
              }))
            : null,
        })
        .returning({ id: outbox.id });
      // Without SMTP the row stays in the outbox, the owner's mailbox (no job to work).
      if (transport && row) {
        await queueJob(
          target,
          'deliver-mail',
          { outboxId: row.id },
          { singletonKey: `mail:${row.id}` },
        );
      }
    },
    deliver,
    async deliveryStatus() {
      if (!transport) return { kind: 'outbox' };
      const stuckSince = sql`now() - make_interval(mins => ${STUCK_AFTER_MINUTES})`;
      // Unsent rows are few (the pending index), so this is cheap even when probed often.
      const [old] = await db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(outbox)
        .where(
          and(isNull(outbox.sentAt), isNull(outbox.expiredAt), lt(outbox.createdAt, stuckSince)),
        );
      const waiting = Number(old?.waiting ?? 0);
      if (waiting === 0) return { kind: 'smtp', delivering: true };
      // One undeliverable address is not an outage: something else was sent meanwhile.
      const sent = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(gte(outbox.sentAt, stuckSince))
        .limit(1);
      if (sent.length > 0) return { kind: 'smtp', delivering: true };
      return { kind: 'smtp', delivering: false, waiting, minutes: STUCK_AFTER_MINUTES };
    },
  };
  return service;
}
