import { loadConfig } from '../server/config';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { openConfiguredDatabase } from '../server/start';

/**
 * The configured database for a command-line tool; when the embedded one is held by the
 * running site, the reason and what to do instead, and exit code 1.
 */
export async function openDatabaseOrExplain() {
  try {
    return await openConfiguredDatabase(loadConfig(process.env));
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
