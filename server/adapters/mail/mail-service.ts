import { and, asc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { errorFields, type Logger } from '../../logger';

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
   * message exists exactly when the change that caused it was committed.
   */
  enqueue(message: MailMessage, db?: DbOrTx): Promise<void>;
  /** Sends what is due now; returns how many were sent. */
  dispatchPending(): Promise<number>;
  /**
   * Whether mail is being delivered, for /readyz: with SMTP, messages that have waited longer
   * than STUCK_AFTER_MINUTES while nothing at all was sent in that time (SMTP refusing or
   * unreachable, or no dispatcher running). One query on the outbox's pending index.
   */
  deliveryStatus(): Promise<MailDeliveryStatus>;
  /** Starts polling the outbox (SMTP only). */
  start(): void;
  stop(): Promise<void>;
};

export type MailDeliveryStatus =
  | { kind: 'outbox' }
  | { kind: 'smtp'; delivering: true }
  | { kind: 'smtp'; delivering: false; waiting: number; minutes: number };

/** Unsent this long, with nothing sent meanwhile, counts as mail not being delivered. */
export const STUCK_AFTER_MINUTES = 15;

const BATCH_SIZE = 20;
const POLL_INTERVAL_MS = 2_000;
const MAX_BACKOFF_SECONDS = 15 * 60;

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
}): MailService {
  const { db, logger, from, transport } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function dispatchOnce(): Promise<number> {
    if (!transport) return 0;
    // Claim a batch with SKIP LOCKED so several instances never send the same message.
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const row of due) {
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
          await tx
            .update(outbox)
            .set({ sentAt: sql`now()` })
            .where(eq(outbox.id, row.id));
          sent += 1;
        } catch (error) {
          const backoff = Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.min(row.attempts, 10) * 5);
          await tx
            .update(outbox)
            .set({
              attempts: row.attempts + 1,
              lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
              nextAttemptAt: sql`now() + make_interval(secs => ${backoff})`,
            })
            .where(eq(outbox.id, row.id));
          // Still failing after STUCK_AFTER_MINUTES: /readyz reports it, and so does the log.
          const stuck = Date.now() - row.createdAt.getTime() > STUCK_AFTER_MINUTES * 60_000;
          logger[stuck ? 'error' : 'warn']('mail delivery failed; will retry', {
            outboxId: row.id,
            attempts: row.attempts + 1,
            retryInSeconds: backoff,
            ...errorFields(error),
          });
        }
      }
      return sent;
    });
  }

  const service: MailService = {
    kind: transport ? 'smtp' : 'outbox',
    async enqueue(message, target = db) {
      await target.insert(outbox).values({
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
      });
      if (transport && target === db) void service.dispatchPending();
    },
    async deliveryStatus() {
      if (!transport) return { kind: 'outbox' };
      const stuckSince = sql`now() - make_interval(mins => ${STUCK_AFTER_MINUTES})`;
      // Unsent rows are few (the pending index), so this is cheap even when probed often.
      const [old] = await db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lt(outbox.createdAt, stuckSince)));
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
    dispatchPending() {
      // One dispatch at a time per process; callers share the run in flight.
      running ??= dispatchOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        service.dispatchPending().catch((error) => {
          logger.error('mail dispatch failed', errorFields(error));
        });
      }, POLL_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
  return service;
}
