import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The layers of docs/ARCHITECTURE.md are lint rules (eslint.config.js: `layerZones`,
 * import-x/no-cycle) that `npm test` runs. Here a violation of each is planted, and the rule
 * must catch it: a rule that silently stopped matching would otherwise pass unnoticed.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('planted layer violations are caught', () => {
  const planted: [string, string, string, RegExp][] = [
    [
      'shared/ importing server/',
      'shared/planted.ts',
      "import { loadConfig } from '../server/config';\nexport const x = loadConfig;\n",
      /imports neither server\/ nor app\//,
    ],
    [
      'shared/ importing app/ through an alias',
      'shared/planted.ts',
      "import { londonTime } from '~/utils/query';\nexport const x = londonTime;\n",
      /imports neither server\/ nor app\//,
    ],
    [
      'a use-case importing http/',
      'server/use-cases/planted.ts',
      "import { route } from '../http/contract-routes';\nexport const x = route;\n",
      /Use-cases know nothing of HTTP/,
    ],
    [
      'a handler importing the database schema',
      'server/http/api/planted.ts',
      "import { orders } from '../../db/schema';\nexport const x = orders;\n",
      /Handlers call use-cases/,
    ],
    [
      'a feature importing another feature',
      'app/features/booking/planted.ts',
      "import { x as y } from '~/features/payment/payment-links';\nexport const x = y;\n",
      /Features do not import each other/,
    ],
    [
      'a feature beyond the first four importing another (the list is read from the folder)',
      'app/features/tracking/planted.ts',
      "import { LogoutButton } from '~/features/account/logout-button';\nexport const x = LogoutButton;\n",
      /Features do not import each other/,
    ],
    [
      'a component importing a feature',
      'app/components/planted.tsx',
      "import { BookingForm } from '~/features/booking/booking-form';\nexport const x = BookingForm;\n",
      /components\/ and utils\/ import no feature or page/,
    ],
    [
      'a component importing a page, by a relative path',
      'app/components/site/planted.tsx',
      "import { meta } from '../../routes/home';\nexport const x = meta;\n",
      /components\/ and utils\/ import no feature or page/,
    ],
    [
      'a util importing a feature',
      'app/utils/planted.ts',
      "import { LogoutButton } from '~/features/account/logout-button';\nexport const x = LogoutButton;\n",
      /components\/ and utils\/ import no feature or page/,
    ],
    [
      'a component importing the root',
      'app/components/planted.tsx',
      "import { loader } from '~/root';\nexport const x = loader;\n",
      /useRootData from '~\/utils\/root-data'/,
    ],
    [
      'a feature importing the root',
      'app/features/booking/planted.ts',
      "import { loader } from '../../root';\nexport const x = loader;\n",
      /useRootData from '~\/utils\/root-data'/,
    ],
    [
      'a util importing the root',
      'app/utils/planted.tsx',
      "import { loader } from '~/root';\nexport const x = loader;\n",
      /useRootData from '~\/utils\/root-data'/,
    ],
    [
      'a util other than root-data.ts importing the root, even a type',
      'app/utils/planted.ts',
      "import type { loader } from '~/root';\nexport type X = typeof loader;\n",
      /useRootData from '~\/utils\/root-data'/,
    ],
    [
      'a page module importing the HTTP layer',
      'app/server/planted.server.ts',
      "import { sendApiError } from '@server/http/error-handler';\nexport const x = sendApiError;\n",
      /not the HTTP layer of the API/,
    ],
    [
      'an adapter importing the seed',
      'server/adapters/address/planted.ts',
      "import { CATEGORIES } from '../../db/seed/content/catalogue';\nexport const x = CATEGORIES;\n",
      /Adapters do not read the seed/,
    ],
  ];
  for (const [what, file, code, expected] of planted) {
    it(what, { timeout: 60_000 }, async () => {
      const problems = await problemsOf(file, code);
      expect(problems.filter((p) => p.startsWith('import-x/no-restricted-paths'))).toEqual([
        expect.stringMatching(expected),
      ]);
    });
  }

  it(
    'a page importing server/ other than through a *.server.ts facade',
    { timeout: 60_000 },
    async () => {
      const code = "import { isRefusal } from '@server/errors';\nexport const x = isRefusal;\n";
      expect(await problemsOf('app/routes/planted.tsx', code)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*facades of app\/server/),
      ]);
      const relative =
        "import { isRefusal } from '../../server/errors';\nexport const x = isRefusal;\n";
      expect(await problemsOf('app/routes/planted.tsx', relative)).toHaveLength(1);
      // A facade (any *.server.ts) may, and a type import is no run-time dependency.
      expect(await problemsOf('app/server/planted.server.ts', code)).toEqual([]);
      const typeOnly =
        "import type { AppError } from '@server/errors';\nexport type X = AppError;\n";
      expect(await problemsOf('app/routes/planted.tsx', typeOnly)).toEqual([]);
    },
  );

  it('the same imports from an allowed place pass', { timeout: 60_000 }, async () => {
    const allowed: [string, string][] = [
      [
        'server/use-cases/planted.ts',
        "import { orders } from '../db/schema';\nexport const x = orders;\n",
      ],
      // A page (or the root) imports features; a feature imports components and utils.
      [
        'app/routes/planted.tsx',
        "import { BookingForm } from '~/features/booking/booking-form';\nexport const x = BookingForm;\n",
      ],
      [
        'app/features/tracking/planted.ts',
        "import { formErrors } from '~/components/form/form-errors';\nexport const x = formErrors;\n",
      ],
      // A feature's own modules, and the root's data through useRootData.
      [
        'app/features/account/planted.ts',
        "import { LogoutButton } from '~/features/account/logout-button';\nexport const x = LogoutButton;\n",
      ],
      [
        'app/components/planted.tsx',
        "import { useRootData } from '~/utils/root-data';\nexport const x = useRootData;\n",
      ],
      [
        'app/utils/root-data.ts',
        "import type { loader } from '~/root';\nexport type X = typeof loader;\n",
      ],
      [
        'app/server/planted.server.ts',
        "import { httpStatusOf } from '@server/error-status';\nexport const x = httpStatusOf;\n",
      ],
      [
        'server/db/seed/planted.ts',
        "import { ALL_AREAS } from '../../content/served-areas';\nexport const x = ALL_AREAS;\n",
      ],
    ];
    for (const [file, code] of allowed) {
      const problems = await problemsOf(file, code);
      expect(
        problems.filter((p) => p.startsWith('import-x/no-restricted-paths')),
        `${file}: ${code}`,
      ).toEqual([]);
    }
  });

  // Two files that import each other, written into the tree for the resolver to follow.
  const dir = path.resolve('server/use-cases', `planted-cycle-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('an import cycle', { timeout: 60_000 }, async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const problems = await problemsOf(
      path.join(dir, 'a.ts'),
      "import { b } from './b';\nexport const a = () => b;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-cycle/)]);
  });
});

/*
 * React DOM 19 runs in the browser again (docs/decisions/041): its form hooks, a form's
 * onChange and its resource hints are the pages' to use (the bans of decision 039 are gone).
 */
describe("React 19's own APIs pass lint in app/", () => {
  it('form hooks, resource hints and a form onChange', { timeout: 60_000 }, async () => {
    const code =
      "import { useActionState, useOptimistic } from 'react';\n" +
      "import { preload, useFormStatus } from 'react-dom';\n" +
      'export function F() {\n' +
      '  const [state] = useActionState((n: number) => n + 1, 0);\n' +
      '  const [shown] = useOptimistic(state);\n' +
      '  const { pending } = useFormStatus();\n' +
      "  preload('/x.png', { as: 'image' });\n" +
      '  return <form onChange={() => {}}>{pending ? shown : state}</form>;\n' +
      '}\n';
    expect(await problemsOf('app/components/planted.tsx', code)).toEqual([]);
  });
});
