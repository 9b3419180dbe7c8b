import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
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

/**
 * Removes older artefacts named `prefix…` from the test cache: those unused for an hour, past
 * the newest `keep`. A run started before a source changed may still read its own.
 */
export function pruneTestCache(prefix: string, keep = 2): void {
  const entries = readdirSync(testCacheDir)
    .filter((name) => name.startsWith(prefix) && !name.endsWith('.tmp'))
    .map((name) => ({ name, at: statSync(path.join(testCacheDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const hourAgo = Date.now() - 60 * 60_000;
  for (const { name, at } of entries.slice(keep)) {
    if (at < hourAgo) rmSync(path.join(testCacheDir, name), { recursive: true, force: true });
  }
}

/** Whether `entry` is in the test cache; marked as used now when it is (pruneTestCache). */
export function cached(entry: string): boolean {
  if (!existsSync(entry)) return false;
  const now = new Date();
  utimesSync(entry, now, now);
  return true;
}
