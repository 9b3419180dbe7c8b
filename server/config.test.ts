import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './config';

/** A real VAPID pair, as `npx web-push generate-vapid-keys` makes them. */
const pair = webpush.generateVAPIDKeys();
const vapid = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };

describe('loadConfig', () => {
  it('defaults to the embedded database and the outbox', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.brand.phone).toBe('(020) 7328 5621');
    expect(config.mailFrom).toContain(config.brand.name);
  });

  it('names the setting that is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });

  it('refuses a brand file that does not exist or lacks fields', () => {
    expect(() => loadConfig({ BRAND_FILE: './no-such-brand.json' })).toThrow(/BRAND_FILE/);
    expect(() => loadConfig({ BRAND_FILE: './package.json' })).toThrow(/BRAND_FILE .* is invalid/);
  });

  it('in production, refuses live keys for one payment provider and TEST MODE for the other', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripe })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...paypal })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', ...stripe, ...paypal }).stripe).toBeDefined();
    // The all-TEST MODE demo, and development with one provider, still start.
    expect(loadConfig({ NODE_ENV: 'production' }).stripe).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', ...stripe }).paypal).toBeUndefined();
  });

  describe('production against a real database', () => {
    const real = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/cleanline' };
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    };
    const smtp = { SMTP_URL: 'smtp://mail.example:587', ...vapid };

    it('refuses to start without payment keys, naming them and ALLOW_TEST_PAYMENTS', () => {
      expect(() => loadConfig({ ...real, ...smtp })).toThrow(ConfigError);
      expect(() => loadConfig({ ...real, ...smtp })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ ...real, ...smtp })).toThrow(/ALLOW_TEST_PAYMENTS=1/);
      expect(() => loadConfig({ ...real, ...smtp })).not.toThrow(/SMTP_URL/);
    });

    it('refuses to start without SMTP, naming SMTP_URL and MAIL_OUTBOX_ONLY', () => {
      expect(() => loadConfig({ ...real, ...keys })).toThrow(/SMTP_URL/);
      expect(() => loadConfig({ ...real, ...keys })).toThrow(/MAIL_OUTBOX_ONLY=1/);
      expect(() => loadConfig({ ...real, ...keys })).not.toThrow(/ALLOW_TEST_PAYMENTS/);
    });

    it('names both when both are missing', () => {
      expect(() => loadConfig(real)).toThrow(/STRIPE_SECRET_KEY[\s\S]*SMTP_URL/);
    });

    it('starts when configured, or when test payments and the outbox are explicitly allowed', () => {
      const configured = loadConfig({ ...real, ...keys, ...smtp });
      expect(configured.stripe).toBeDefined();
      expect(configured.smtpUrl).toBe(smtp.SMTP_URL);
      const demo = loadConfig({
        ...real,
        ALLOW_TEST_PAYMENTS: '1',
        MAIL_OUTBOX_ONLY: 'true',
        VAPID_KEYS_IN_DATABASE: '1',
      });
      expect(demo.stripe).toBeUndefined();
      expect(demo.smtpUrl).toBeUndefined();
      // An explicit 0 is not a yes.
      expect(() => loadConfig({ ...real, ...smtp, ALLOW_TEST_PAYMENTS: '0' })).toThrow(
        /ALLOW_TEST_PAYMENTS/,
      );
      // A live Stripe beside a TEST MODE PayPal stays refused, whatever the setting.
      expect(() =>
        loadConfig({
          ...real,
          ...smtp,
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
          ALLOW_TEST_PAYMENTS: '1',
        }),
      ).toThrow(/PAYPAL_CLIENT_ID/);
    });

    it('the embedded database, and development on a real one, start as before', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).smtpUrl).toBeUndefined();
      expect(loadConfig({ DATABASE_URL: real.DATABASE_URL }).databaseUrl).toBe(real.DATABASE_URL);
    });

    it('refuses to start without VAPID keys, naming them and VAPID_KEYS_IN_DATABASE (issue 33)', () => {
      const withoutVapid = { ...real, ...keys, SMTP_URL: smtp.SMTP_URL };
      expect(() => loadConfig(withoutVapid)).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/);
      expect(() => loadConfig(withoutVapid)).toThrow(/VAPID_KEYS_IN_DATABASE=1/);
      expect(loadConfig({ ...withoutVapid, ...vapid }).vapid).toEqual({
        publicKey: pair.publicKey,
        privateKey: pair.privateKey,
      });
      expect(loadConfig({ ...withoutVapid, VAPID_KEYS_IN_DATABASE: '1' }).vapid).toBeUndefined();
      // The embedded demo and development keep a pair in the database without being told.
      expect(loadConfig({ NODE_ENV: 'production' }).vapid).toBeUndefined();
    });

    it('takes VAPID keys as a pair in base64url, with the brand’s e-mail as their subject', () => {
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
      expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
      expect(() => loadConfig({ ...vapid, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(
        /VAPID_PUBLIC_KEY: must be a P-256 public key/,
      );
      expect(() => loadConfig({ ...vapid, VAPID_KEYS_IN_DATABASE: '1' })).toThrow(
        /VAPID_KEYS_IN_DATABASE/,
      );
      expect(loadConfig({}).vapidSubject).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    });

    it('refuses a malformed flag and a contradictory mail setting', () => {
      expect(() => loadConfig({ ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
      expect(() => loadConfig({ ...smtp, MAIL_OUTBOX_ONLY: '1' })).toThrow(/MAIL_OUTBOX_ONLY/);
    });
  });

  it('logs human-readable lines in a terminal, JSON in production and when piped', () => {
    const tty = { stdoutIsTTY: true };
    const piped = { stdoutIsTTY: false };
    expect(loadConfig({}, tty).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }, tty).logFormat).toBe('pretty');
    expect(loadConfig({}, piped).logFormat).toBe('json');
    const deployed = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/x',
      ALLOW_TEST_PAYMENTS: '1',
      MAIL_OUTBOX_ONLY: '1',
      VAPID_KEYS_IN_DATABASE: '1',
    };
    expect(loadConfig(deployed, tty).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, tty).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, piped).logFormat).toBe('pretty');
  });

  it('marks cookies Secure when the public origin is https, so the demo works on http://localhost', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.co.uk' }).secureCookies).toBe(true);
  });
});

describe('loadConfig: object storage for photos (decision 025)', () => {
  it('keeps photos in the database unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
  });

  it('reads an S3-compatible store: path style by default with an endpoint, both keys or neither', () => {
    const minio = loadConfig({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(minio).toEqual({
      bucket: 'photos',
      region: 'eu-west-2',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: '',
    });
    const aws = loadConfig({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1' }).s3;
    expect(aws).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
  });
});
