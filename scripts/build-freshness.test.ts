import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuildReason } from './build-freshness';

/* When npm start builds first: no build yet, or a source newer than the build. */

describe('staleBuildReason', () => {
  let root: string;
  const at = (file: string, seconds: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'x');
    utimesSync(full, seconds, seconds);
  };
  const dir = (name: string, seconds: number) => utimesSync(path.join(root, name), seconds, seconds);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cl-fresh-'));
    at('app/root.tsx', 1_000);
    at('server/config.ts', 1_000);
    at('package-lock.json', 1_000);
    dir('app', 1_000);
    dir('server', 1_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('asks for a build when there is none', () => {
    expect(staleBuildReason(root, path.join(root, 'build'))).toBe('build/ holds no build yet');
  });

  it('is content with a build newer than every source', () => {
    at('build/server/index.js', 2_000);
    expect(staleBuildReason(root, path.join(root, 'build'))).toBeNull();
  });

  it('names a page, server module or the lock file changed after the build', () => {
    at('build/server/index.js', 2_000);
    at('app/routes/home.tsx', 3_000);
    dir('app', 1_000);
    dir('app/routes', 1_000);
    expect(staleBuildReason(root, path.join(root, 'build'))).toMatch(/app\/routes\/home.tsx/);
    at('app/routes/home.tsx', 1_000);
    at('package-lock.json', 3_000);
    expect(staleBuildReason(root, path.join(root, 'build'))).toMatch(/package-lock.json/);
  });

  it('notices a deleted source by its folder, and ignores tests', () => {
    at('build/server/index.js', 2_000);
    at('server/config.test.ts', 3_000);
    dir('server', 1_000);
    expect(staleBuildReason(root, path.join(root, 'build'))).toBeNull();
    dir('server', 3_000);
    expect(staleBuildReason(root, path.join(root, 'build'))).toMatch(/^server changed/);
  });
});
