import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's data folder has one writer (PGlite keeps it in memory and writes it
 * back): a second process that opened it (npm run admin:create beside npm start) would lose its
 * writes, or overwrite the site's. So the process that opens it holds a lock file naming its
 * process id, and another is refused while that process lives (walkthrough 2026-11-27, 6).
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}), most likely the running site (npm start). Stop it first, or make the change in the back office (staff accounts: /admin/staff, owner only).`,
    );
  }
}

const LOCK_FILE = '.cleanline-pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `dataDir` for this process; the function it returns gives it up. */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        // Only our own claim: another process may have taken over a stale one meanwhile.
        if (readFileSync(file, 'utf8').trim() === String(process.pid))
          rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder === process.pid) return () => {};
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      // Left by a process that died without giving it up: taken over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim the data folder ${dataDir}.`);
}
