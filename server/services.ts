import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config';
import { createLinkSigner, type LinkSigner } from './auth/signed-links';
import type { Database, DatabaseHandle } from './db/client';
import { createContentCache, type ContentCache } from './db/content-cache';
import type { Logger } from './logger';
import {
  createMailService,
  createSmtpTransport,
  type MailService,
  type MailTransport,
} from './adapters/mail/mail-service';
import type { AddressProvider } from './adapters/address/address-provider';
import {
  createTestModeProvider,
  type TestModeProvider,
} from './adapters/payments/test-mode-provider';
import type { CardPaymentProvider, PayPalProvider } from './adapters/payments/payment-provider';
import { createStripeCardReader, type CardReaderProvider } from './adapters/payments/card-reader';
import { createStripeCardProvider } from './adapters/payments/stripe-provider';
import { createTestModeReader } from './adapters/payments/test-mode-reader';
import { createPayPalProvider } from './adapters/payments/paypal-provider';
import { createBundledAddressProvider } from './adapters/address/bundled-address-provider';
import { createLoqateAddressProvider } from './adapters/address/loqate-address-provider';
import type { ObjectStorage } from './adapters/object-storage/object-storage';
import { createPostgresStorage } from './adapters/object-storage/postgres-storage';
import { createS3Storage } from './adapters/object-storage/s3-storage';
import type { TextTransport } from './adapters/texts/text-transport';
import { createTwilioTransport } from './adapters/texts/twilio-transport';
import type { Agent } from 'node:https';
import {
  createWebPushSender,
  generateVapidKeys,
  type PushSender,
  type VapidKeys,
} from './adapters/push/push-sender';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/job-queue';

/**
 * Everything a use-case may need, built once at start and handed to HTTP handlers and to
 * React Router loaders (through the load context). Adapters are chosen here from config.
 */
export type AppServices = {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  /**
   * The catalogue and slot rules as of the database's content version, kept in memory between
   * changes: what public pages and the public API read (server/db/content-cache.ts).
   */
  content: ContentCache;
  logger: Logger;
  mail: MailService;
  address: AddressProvider;
  /**
   * Card and PayPal providers: Stripe and PayPal when their keys are set, otherwise the
   * embedded TEST MODE provider (labelled on the payment page and in the log).
   */
  payments: {
    card: CardPaymentProvider;
    /** The counter's card reader (Stripe Terminal, or TEST MODE's simulated one). */
    reader: CardReaderProvider;
    paypal: PayPalProvider;
    /** The embedded stand-in, when either provider runs in TEST MODE. */
    test: TestModeProvider | null;
    testMode: boolean;
  };
  /** Signs and checks the links in our e-mails that work without logging in. */
  links: LinkSigner;
  /**
   * Where photos' bytes are kept: an S3-compatible store when S3_BUCKET is set, otherwise
   * PostgreSQL (`stored_objects`; decision 025).
   */
  storage: ObjectStorage;
  /**
   * SMS and WhatsApp (issue 17): Twilio when TWILIO_ACCOUNT_SID is set; otherwise no transport
   * and every text stays in the offline outbox, marked 'not-sent' by its delivery job.
   */
  texts: { kind: 'twilio' | 'offline'; transport: TextTransport | null };
  /**
   * The job queue (pg-boss on this database, decision 030): deliveries, reminders, expiry.
   * Use-cases queue jobs in their transaction with `queueJob` (server/jobs/queue-job.ts).
   */
  jobs: JobQueue;
  /**
   * Web Push (issue 33, decision 060): the VAPID public key the browser subscribes with, and
   * the sender (`web-push`) the 'deliver-push' job hands notifications to.
   */
  push: { publicKey: string; sender: PushSender };
  /** The clock; tests pin it. */
  now: () => Date;
};

export type ServiceOverrides = {
  mailTransport?: MailTransport;
  textTransport?: TextTransport;
  /** The job queue's settings (tests: shorter retries and polls, workers on or off). */
  jobs?: Partial<JobQueueOptions>;
  now?: () => Date;
  /** The link-signing key (server/auth/signed-links.ts loadLinkKey); random when absent. */
  linkKey?: Buffer;
  /** The VAPID pair (adapters/push/vapid-keys.ts loadVapidKeys); a new one when absent. */
  vapidKeys?: VapidKeys;
  /** Tests: the HTTPS agent that trusts the local push service stand-in. */
  pushAgent?: Agent;
};

export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  logger: Logger,
  overrides: ServiceOverrides = {},
): AppServices {
  const mailTransport =
    overrides.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined);
  const mail = createMailService({
    db: database.db,
    logger,
    from: config.mailFrom,
    transport: mailTransport,
    now: overrides.now,
  });
  if (!mailTransport) {
    // Worth a warning in production: customers receive nothing.
    logger[config.mode === 'production' ? 'warn' : 'info'](
      'mail: no SMTP_URL set, e-mails are kept in the outbox and not sent (the owner reads them at /admin/mailbox)',
      { url: `${config.publicUrl}/admin/mailbox` },
    );
  }
  const address = config.loqate
    ? createLoqateAddressProvider({ ...config.loqate, logger })
    : createBundledAddressProvider();
  if (!config.loqate) {
    logger.info('address lookup: no LOQATE_KEY set, using the bundled offline address set');
  }
  const testPayments = config.stripe && config.paypal ? null : createTestModeProvider(database.db);
  if (testPayments) {
    // Worth a warning in production: nothing real is charged.
    logger[config.mode === 'production' ? 'warn' : 'info'](
      'payments: TEST MODE provider (no card is charged, test card numbers only)',
      {
        card: config.stripe ? 'stripe' : 'test',
        paypal: config.paypal ? 'paypal' : 'test',
      },
    );
  }
  const card: CardPaymentProvider = config.stripe
    ? createStripeCardProvider(config.stripe)
    : testPayments!;
  // The counter's card reader (decision 053): Stripe Terminal with a key, else simulated.
  const reader: CardReaderProvider = config.stripe
    ? createStripeCardReader(config.stripe)
    : createTestModeReader(database.db);
  const paypal: PayPalProvider = config.paypal
    ? createPayPalProvider(config.paypal)
    : testPayments!;
  const storage = config.s3 ? createS3Storage(config.s3) : createPostgresStorage(database.db);
  logger.info(
    config.s3
      ? 'photos: kept in the S3 bucket'
      : 'photos: no S3_BUCKET set, kept in the database (stored_objects)',
    config.s3 ? { bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? 'AWS' } : {},
  );
  const textTransport =
    overrides.textTransport ?? (config.twilio ? createTwilioTransport(config.twilio) : null);
  if (!textTransport) {
    logger[config.mode === 'production' ? 'warn' : 'info'](
      'texts: no TWILIO_ACCOUNT_SID set, SMS and WhatsApp messages are kept in the outbox, marked not sent',
    );
  }
  const jobs = createJobQueue(database, logger, {
    ...overrides.jobs,
    // Tests work jobs only when something delivers them, and never run the schedules.
    run:
      overrides.jobs?.run ??
      config.jobs ??
      (config.mode !== 'test' ? 'all' : mailTransport || textTransport ? 'work' : 'off'),
  });
  const vapidKeys = overrides.vapidKeys ?? generateVapidKeys();
  const push = {
    publicKey: vapidKeys.publicKey,
    sender: createWebPushSender({
      keys: vapidKeys,
      subject: config.vapidSubject,
      agent: overrides.pushAgent,
    }),
  };
  return {
    config,
    database,
    db: database.db,
    content: createContentCache(database.db, undefined, database),
    logger,
    mail,
    address,
    payments: { card, reader, paypal, test: testPayments, testMode: testPayments !== null },
    links: createLinkSigner(overrides.linkKey ?? randomBytes(32)),
    storage,
    texts: { kind: textTransport ? 'twilio' : 'offline', transport: textTransport },
    jobs,
    push,
    now: overrides.now ?? (() => new Date()),
  };
}
