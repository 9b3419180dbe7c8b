import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api } from '../shared/api/index.ts';
import { format, resolveConfig } from 'prettier';
import type { Endpoint } from '../shared/api/contract.ts';

/*
 * Writes shared/api/routes.ts: the contract's endpoints without their schemas (method, path,
 * auth), which is all the browser's client needs at run time (every byte of it is in the
 * pages' scripts). Run after changing
 * an endpoint's path or method: `npx tsx scripts/api-routes.ts`. A unit test fails while the
 * file is out of date.
 */
/** The source of shared/api/routes.ts for a contract (scripts/api-routes.ts writes it). */
function routesSource(api: Record<string, Record<string, Endpoint>>): string {
  const areas = Object.entries(api).map(([area, endpoints]) => {
    const lines = Object.entries(endpoints).map(([name, e]) => {
      const auth = e.auth ? `, auth: [${e.auth.map((a) => `'${a}'`).join(', ')}]` : '';
      return `    ${name}: { method: '${e.method}', path: '${e.path}'${auth} },`;
    });
    return `  ${area}: {\n${lines.join('\n')}\n  },`;
  });
  return `// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.
import type { Api, Routes } from './route';

/**
 * Every endpoint of the contract without its schemas: what the browser's client needs at run
 * time (zod stays out of the pages' bundles). Each carries its endpoint's type, so
 * \`call(routes.accounts.logIn, …)\` is typed from the schemas all the same.
 */
export const routes: Routes<Api> = {
${areas.join('\n')}
};
`;
}

const target = fileURLToPath(new URL('../shared/api/routes.ts', import.meta.url));
const options = await resolveConfig(target);
writeFileSync(target, await format(routesSource(api), { ...options, filepath: target }));
console.log(`wrote ${target}`);
