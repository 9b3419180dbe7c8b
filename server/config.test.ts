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
});
