import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

/*
 * The embedded database's folder has one writer: a second process that opens it while the site
 * runs is refused with the reason, not left to lose its writes (walkthrough 2026-11-27, 6).
 */
describe('the embedded data folder', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cl-datadir-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is refused to a second opener while the first holds it, and free again once closed', async () => {
    const dir = newDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    // Another process's claim (this one's own is allowed again).
    const other = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/db/data-dir-lock.ts').then(({ claimDataDir }) => claimDataDir(${JSON.stringify(dir)}))`,
      ],
      { encoding: 'utf8' },
    );
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain(`in use by another process (pid ${process.pid})`);
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.close();
  }, 60_000);

  it('is taken over from a process that died without giving it up', async () => {
    const dir = newDir();
    // A pid far above any live process's.
    writeFileSync(path.join(dir, '.cleanline-pid'), '4194000');
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await db.close();
  }, 60_000);

  it('npm run admin:create says the site holds it and to stop it or use /admin/staff', async () => {
    const dir = newDir();
    const site = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/admin-create.ts',
          '--email',
          'new@shop.test',
          '--role',
          'driver',
        ],
        { encoding: 'utf8', env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('is in use by another process');
      expect(run.stderr).toContain('/admin/staff');
      expect(run.stdout).not.toContain('Created');
    } finally {
      await site.close();
    }
    expect(new DataDirInUseError(dir, 1).message).toContain(dir);
  }, 60_000);
});
