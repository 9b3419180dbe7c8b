import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the production build is made from: the pages (app/), the server code they import
 * (server/, bundled into the server build), shared code, static files, the build's
 * configuration and the installed packages (package-lock.json). Tests are not.
 */
export const buildSources = [
  'app',
  'server',
  'shared',
  'public',
  'config',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/path-aliases.ts',
];

const ignored = /(^|\/)(node_modules|\.react-router)(\/|$)|\.test\.tsx?$|(^|\/)\.[^/]*$/;

/** The newest modification among `paths` under `root`: files and folders (a deleted file changes its folder). */
export function newestSource(
  root: string,
  paths: string[] = buildSources,
): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const visit = (relative: string) => {
    if (ignored.test(relative)) return;
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (!newest || stat.mtimeMs > newest.mtimeMs) newest = { file: relative, mtimeMs: stat.mtimeMs };
    if (stat.isDirectory()) {
      for (const name of readdirSync(full)) visit(path.join(relative, name));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * Why the build in `buildDir` must be made (again), or null when it is newer than every
 * source. The server build's entry is written at the end of `react-router build`.
 */
export function staleBuildReason(root: string, buildDir: string): string | null {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) return `${path.relative(root, buildDir) || '.'}/ holds no build yet`;
  const built = statSync(entry).mtimeMs;
  const newest = newestSource(root);
  if (newest && newest.mtimeMs > built) return `${newest.file} changed after the last build`;
  return null;
}
