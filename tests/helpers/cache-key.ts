import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where test runs keep what they can reuse between runs (a build, a template database). */
export const testCacheDir = path.resolve('node_modules/.cache/cleanline-tests');

/**
 * A hash of the files under `paths` (folders walked, files read) and of `extra`: what a
 * cached artefact was made from. Any change of a byte makes another key.
 */
export function contentKey(paths: readonly string[], extra = ''): string {
  const hash = createHash('sha256').update(extra);
  const walk = (entry: string) => {
    const stat = statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry).sort()) walk(path.join(entry, name));
      return;
    }
    // Tests beside the code are not part of what they test.
    if (/\.test\.tsx?$/.test(entry)) return;
    hash.update(`\0${entry}\0`).update(readFileSync(entry));
  };
  for (const entry of paths) walk(entry);
  return hash.digest('hex').slice(0, 16);
}
