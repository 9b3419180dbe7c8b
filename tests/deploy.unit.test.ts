import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/*
 * Whatever makes an instance exit, something starts it again: the containers of compose.yaml
 * and the systemd unit of deploy/ for a bare server (issue 31, N1).
 */
describe('an instance that exits is started again', () => {
  it('compose restarts the app instances, the database and the proxy', () => {
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      services: Record<string, { restart?: string; image?: string; build?: string }>;
    };
    const apps = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, name).toBe('unless-stopped');
    }
  });

  it('the systemd unit restarts the server always, without giving up, and stops it with SIGTERM', () => {
    const unit = readFileSync('deploy/cleanline.service', 'utf8');
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    expect(setting('Restart')).toBe('always');
    expect(setting('StartLimitIntervalSec')).toBe('0');
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(setting('ExecStart')).toContain('server/main.ts');
    expect(setting('Environment')).toBe('NODE_ENV=production');
  });
});
