import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * Issue 30: pages branch on an error's code, never on its message text. eslint.config.js
 * (`noMessageBranching`, for app/) refuses the ways of doing it; each is planted here and must
 * be caught, and branching on the code must not be.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const head =
  'declare const error: { code: string; message: string };\ndeclare const other: { message: string };\n';

describe('pages do not branch on error messages', () => {
  const planted: [string, string][] = [
    ['a message compared with a string', "export const x = error.message === 'Slot gone';\n"],
    ['a string compared with a message', "export const x = 'Slot gone' !== error.message;\n"],
    ['a message compared with copy', 'export const x = error.message == other.message;\n'],
    ['a message searched', "export const x = error.message.includes('gone');\n"],
    ['a message prefix', "export const x = error.message.startsWith('Sorry');\n"],
    ['a message matched by a regex', 'export const x = /gone/.test(error.message);\n'],
    [
      'a switch on a message',
      "export function f() {\n  switch (error.message) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n",
    ],
  ];
  for (const [what, code] of planted) {
    it(what, { timeout: 60_000 }, async () => {
      for (const file of ['app/routes/planted.tsx', 'app/features/booking/planted.server.ts']) {
        expect(await problemsOf(file, head + code), file).toEqual([
          expect.stringMatching(/Branch on the error’s code/),
        ]);
      }
    });
  }

  it('branching on the code, or showing the message, is fine', { timeout: 60_000 }, async () => {
    const code =
      "export const x = error.code === 'slot-gone';\nexport const shown = error.message;\nexport const t = typeof error.message === 'string';\n";
    expect(await problemsOf('app/routes/planted.tsx', head + code)).toEqual([]);
  });
});
