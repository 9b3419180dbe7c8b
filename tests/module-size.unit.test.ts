import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 30, a codebase whose rooms stay small: no route, feature, use-case, handler or
 * contract module is over 400 lines (tests are not counted). A page that grows is cut into
 * sections in its feature's folder, each with its server part beside it
 * (app/features/admin/order/); presenters are split by audience, the contract and its routes
 * one file per endpoint area (docs/ARCHITECTURE.md).
 */

const MAX_LINES = 400;
const folders = ['app/routes', 'app/features', 'server/use-cases', 'server/http/api', 'shared/api'];

function modulesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Modules over the limit, with their line counts. */
function oversized(files: { path: string; text: string }[]): string[] {
  return files
    .map((f) => ({
      path: f.path,
      lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0),
    }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
}

describe('module size', () => {
  it(`keeps every route, feature, use-case, handler and contract module at ${MAX_LINES} lines or fewer`, () => {
    const files = folders
      .flatMap(modulesIn)
      .map((p) => ({ path: p, text: readFileSync(p, 'utf8') }));
    expect(files.length).toBeGreaterThan(200);
    for (const folder of folders) {
      expect(
        files.some((f) => f.path.startsWith(path.join(folder, '/'))),
        folder,
      ).toBe(true);
    }
    expect(oversized(files)).toEqual([]);
  });

  it('catches a module over the limit', () => {
    const text = 'export const x = 1;\n'.repeat(MAX_LINES + 1);
    expect(oversized([{ path: 'server/use-cases/orders/planted.ts', text }])).toEqual([
      `server/use-cases/orders/planted.ts: ${MAX_LINES + 1} lines`,
    ]);
    expect(oversized([{ path: 'shared/api/fine.ts', text: 'x\n'.repeat(MAX_LINES) }])).toEqual([]);
  });
});
