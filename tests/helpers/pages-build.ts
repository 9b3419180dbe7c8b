import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { cached, contentKey, pruneTestCache, testCacheDir } from './cache-key';

/** What the production build is made from. */
const BUILD_INPUTS = [
  'app',
  'server',
  'shared',
  'config',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
];

/**
 * The production build the page tests serve (`pages: 'build'`), made once and kept until a
 * source changes: `BUILD_DIR` when it holds one (CI builds before the browser tests), otherwise
 * a build in the test cache, keyed by a hash of its sources.
 */
export function ensurePagesBuild(): string {
  const given = process.env.BUILD_DIR;
  if (given && existsSync(path.join(given, 'server/index.js'))) return path.resolve(given);
  const key = contentKey(BUILD_INPUTS);
  const dir = path.join(testCacheDir, `build-${key}`);
  if (existsSync(path.join(dir, 'server/index.js')) && cached(dir)) return dir;
  mkdirSync(testCacheDir, { recursive: true });
  pruneTestCache('build-');
  const making = `${dir}.${process.pid}.tmp`;
  // Its output (Vite's warnings) is shown only when the build fails.
  const build = spawnSync('npx', ['react-router', 'build'], {
    env: { ...process.env, BUILD_DIR: making, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(
      `The production build for the page tests failed:\n${build.stdout}${build.stderr}`,
    );
  }
  renameSync(making, dir);
  return dir;
}
