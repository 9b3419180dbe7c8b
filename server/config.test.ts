import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
