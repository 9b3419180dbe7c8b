import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { brandSchema, type Brand } from '@shared/brand';
import { text } from '@shared/text';

/** An explicit yes/no setting: 1 or true, 0 or false. */
const flag = z
  .enum(['1', 'true', '0', 'false'], { error: 'must be 1 (or true) or 0 (or false)' })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * The one place that reads process.env. Everything else receives `AppConfig`.
 * A missing or malformed setting stops the start with a message naming it.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://… selects a real PostgreSQL server; otherwise PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /** Output of `npm run build`, served when NODE_ENV=production. */
  BUILD_DIR: z.string().default('./build'),
  BRAND_FILE: z.string().default('./config/brand.json'),
  /** Public origin of the site, for canonical links, sitemap and e-mail links. */
  PUBLIC_URL: z.url().optional(),
  /** smtp://user:pass@host:port; without it mail stays in the outbox (/admin/mailbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  /**
   * Production against a real database refuses to start without SMTP_URL, unless this says
   * mail is meant to stay in the outbox (read by the owner at /admin/mailbox).
   */
  MAIL_OUTBOX_ONLY: flag,
  /** Number of reverse proxies in front of the server whose X-Forwarded-For we trust. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** json or pretty; by default pretty in a terminal, JSON in production and when piped. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Loqate key for address search; without it the bundled offline address set is used. */
  LOQATE_KEY: z.string().optional(),
  LOQATE_API_BASE: z.url().optional(),
  /** Stripe keys; without STRIPE_SECRET_KEY cards use the embedded TEST MODE provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  /** Where the payment page loads Stripe.js from (tests point it at a local stand-in). */
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  /** PayPal REST app; without both, PayPal uses the embedded TEST MODE provider. */
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.url().optional(),
  /**
   * Production against a real database refuses to start without both providers' keys (the
   * TEST MODE provider lets anyone mark an invoice paid with a test card), unless this allows
   * test payments explicitly.
   */
  ALLOW_TEST_PAYMENTS: flag,
  /** Key that signs e-mailed payment links; without it one is made and kept in the database. */
  LINK_SIGNING_SECRET: text().min(32, 'must be at least 32 characters').optional(),
  /**
   * S3-compatible object storage for photos (decision 025); without S3_BUCKET they are kept in
   * PostgreSQL (`stored_objects`). S3_ENDPOINT reaches a store other than AWS (MinIO, R2 …).
   */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('eu-west-2'),
  S3_ENDPOINT: z.url().optional(),
  /** Bucket in the path rather than the host name; the default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z
    .enum(['1', 'true', '0', 'false'], { error: 'must be 1 (or true) or 0 (or false)' })
    .optional(),
  /** Without both keys the SDK's own credentials chain is used (an instance role …). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Prepended to every object key ('shop/'), to share a bucket. */
  S3_PREFIX: z.string().default(''),
  /**
   * Twilio for SMS and WhatsApp (issue 17); without TWILIO_ACCOUNT_SID every text stays in the
   * offline outbox, marked not sent, readable in the back office. SMS go from TWILIO_SMS_FROM or
   * through TWILIO_MESSAGING_SERVICE_SID; WhatsApp from TWILIO_WHATSAPP_FROM.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w+$/, 'must start with AC')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^\+\d{6,15}$/, 'must be a number in E.164 form, e.g. +447700900123')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG\w+$/, 'must start with MG')
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^(whatsapp:)?\+\d{6,15}$/, 'must be a number in E.164 form, e.g. +447700900123')
    .optional(),
  /** Another origin for Twilio's REST API: the local stand-in of the tests only. */
  TWILIO_API_BASE: z.url().optional(),
  /**
   * Web Push's VAPID key pair (issue 33, decision 060), base64url as `npx web-push
   * generate-vapid-keys` prints them. Without them a pair is made on first start and kept in
   * the database (the embedded demo); production on a real database requires them, unless
   * VAPID_KEYS_IN_DATABASE=1 says the kept pair is meant.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'must be a P-256 public key, 65 bytes in base64url (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'must be a P-256 private key, 32 bytes in base64url (43 characters)',
    )
    .optional(),
  VAPID_KEYS_IN_DATABASE: flag,
  /** Origins taken as push services besides the browsers' own: the tests' stand-in only. */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').filter(Boolean))
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins' }))),
  /**
   * What this instance does with the job queue (decision 030): all (work jobs and keep the
   * schedules; the default), work (no schedules), off (only queue jobs). Tests default to off,
   * or work when mail or texts have a transport.
   */
  JOBS: z.enum(['all', 'work', 'off']).optional(),
});

export type AppConfig = {
  mode: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  buildDir: string;
  publicUrl: string;
  /** Session cookies carry `Secure` when the public origin is https. */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxyHops: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  logFormat: 'json' | 'pretty';
  loqate: { key: string; baseUrl: string | undefined } | undefined;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
        jsUrl: string;
      }
    | undefined;
  paypal: { clientId: string; clientSecret: string; apiBase: string | undefined } | undefined;
  linkSigningSecret: string | undefined;
  /** S3-compatible object storage for photos; undefined keeps them in PostgreSQL. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        prefix: string;
      }
    | undefined;
  /** Twilio for texts; undefined keeps them in the offline outbox, marked not sent. */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        smsFrom: string | undefined;
        messagingServiceSid: string | undefined;
        whatsappFrom: string | undefined;
        apiBase: string | undefined;
      }
    | undefined;
  /** JOBS: what this instance does with the job queue; undefined picks by mode. */
  jobs: 'all' | 'work' | 'off' | undefined;
  /**
   * Web Push's VAPID keys; undefined: the pair kept in the database (made on first start).
   * The subject is the brand's e-mail (a mailto: the push services may write to).
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Origins accepted as push services besides the browsers' (PUSH_SERVICE_ORIGINS). */
  pushServiceOrigins: string[];
  brand: Brand;
};

export class ConfigError extends Error {}

function requireSetting(value: string | undefined, name: string): string {
  if (!value)
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: required with the other keys of its provider`,
    );
  return value;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  terminal: { stdoutIsTTY: boolean } = { stdoutIsTTY: process.stdout.isTTY === true },
): AppConfig {
  // An empty variable (common in container env files) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  // In production a live Stripe beside a TEST MODE PayPal (or the reverse) would let anyone
  // mark a real order paid through the test provider: both providers' keys, or neither.
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY !== !e.PAYPAL_CLIENT_ID) {
    const missing = e.STRIPE_SECRET_KEY ? 'PAYPAL_CLIENT_ID' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required in production once the other payment provider has keys (no TEST MODE beside live payments)`,
    );
  }
  refuseHalfConfiguredProduction(e);
  const brand = loadBrand(e.BRAND_FILE);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // A real deployment: production on a real database (not the embedded demo of npm start).
  const deployed = e.NODE_ENV === 'production' && e.DATABASE_URL !== undefined;
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    buildDir: path.resolve(e.BUILD_DIR),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${brand.name} <${brand.email}>`,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal.stdoutIsTTY && !deployed ? 'pretty' : 'json'),
    loqate: e.LOQATE_KEY ? { key: e.LOQATE_KEY, baseUrl: e.LOQATE_API_BASE } : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: requireSetting(e.STRIPE_PUBLISHABLE_KEY, 'STRIPE_PUBLISHABLE_KEY'),
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
          jsUrl: e.STRIPE_JS_URL,
        }
      : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID || e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: requireSetting(e.PAYPAL_CLIENT_ID, 'PAYPAL_CLIENT_ID'),
            clientSecret: requireSetting(e.PAYPAL_CLIENT_SECRET, 'PAYPAL_CLIENT_SECRET'),
            apiBase: e.PAYPAL_API_BASE,
          }
        : undefined,
    linkSigningSecret: e.LINK_SIGNING_SECRET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === undefined
              ? e.S3_ENDPOINT !== undefined
              : e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: requireSetting(e.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID'),
                  secretAccessKey: requireSetting(e.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY'),
                }
              : undefined,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    twilio: e.TWILIO_ACCOUNT_SID
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: requireSetting(e.TWILIO_AUTH_TOKEN, 'TWILIO_AUTH_TOKEN'),
          smsFrom: e.TWILIO_SMS_FROM,
          messagingServiceSid:
            e.TWILIO_MESSAGING_SERVICE_SID ??
            (e.TWILIO_SMS_FROM
              ? undefined
              : requireSetting(undefined, 'TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID')),
          whatsappFrom: e.TWILIO_WHATSAPP_FROM,
          apiBase: e.TWILIO_API_BASE,
        }
      : undefined,
    jobs: e.JOBS,
    vapid: e.VAPID_PUBLIC_KEY
      ? {
          publicKey: e.VAPID_PUBLIC_KEY,
          privateKey: requireSetting(e.VAPID_PRIVATE_KEY, 'VAPID_PRIVATE_KEY'),
        }
      : e.VAPID_PRIVATE_KEY
        ? { publicKey: requireSetting(undefined, 'VAPID_PUBLIC_KEY'), privateKey: '' }
        : undefined,
    vapidSubject: `mailto:${brand.email}`,
    pushServiceOrigins: e.PUSH_SERVICE_ORIGINS.map((origin) => new URL(origin).origin),
    brand,
  };
}

/**
 * Production against a real database must not run half-configured: without payment keys the
 * TEST MODE provider would let anyone mark an invoice paid, and without SMTP every e-mail
 * would wait in the outbox for ever. Either configure them or say so explicitly.
 */
function refuseHalfConfiguredProduction(e: z.infer<typeof envSchema>) {
  if (e.SMTP_URL && e.MAIL_OUTBOX_ONLY) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_OUTBOX_ONLY: set together with SMTP_URL; set one of them',
    );
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_KEYS_IN_DATABASE) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_KEYS_IN_DATABASE: set together with VAPID_PUBLIC_KEY; set one of them',
    );
  }
  if (e.NODE_ENV !== 'production' || !e.DATABASE_URL) return;
  const problems: string[] = [];
  if (!(e.STRIPE_SECRET_KEY && e.PAYPAL_CLIENT_ID) && !e.ALLOW_TEST_PAYMENTS) {
    problems.push(
      '  STRIPE_SECRET_KEY, PAYPAL_CLIENT_ID: required in production (with their other keys); or set ALLOW_TEST_PAYMENTS=1 to run TEST MODE payments, where anyone can mark an invoice paid with a test card',
    );
  }
  if (!e.SMTP_URL && !e.MAIL_OUTBOX_ONLY) {
    problems.push(
      '  SMTP_URL: required in production; or set MAIL_OUTBOX_ONLY=1 to keep every e-mail in the outbox (not sent; the owner reads it at /admin/mailbox)',
    );
  }
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_KEYS_IN_DATABASE) {
    problems.push(
      '  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production (make a pair with `npx web-push generate-vapid-keys`); or set VAPID_KEYS_IN_DATABASE=1 to use the pair made on first start and kept in the database',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration (NODE_ENV=production with DATABASE_URL):\n${problems.join('\n')}`,
    );
  }
}

/**
 * The AWS SDK reads one switch of its own from the environment: without it, it warns on the
 * first client that its releases after January 2027 need Node 22. We run Node 20 with the SDK
 * pinned (3.1173.0, decision 025) on purpose, so the warning would say nothing new.
 */
export function quietAwsSdkNodeWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}

export function loadBrand(file: string): Brand {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.resolve(file), 'utf8'));
  } catch (error) {
    throw new ConfigError(`BRAND_FILE ${file}: ${(error as Error).message}`);
  }
  const parsed = brandSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`BRAND_FILE ${file} is invalid:\n${problems}`);
  }
  return parsed.data;
}
