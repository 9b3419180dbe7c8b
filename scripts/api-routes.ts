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
/**
 * The areas of the back office: the public pages never call them, so their table stays out
 * of those pages' scripts (public-routes.ts is what the public pages import; docs/decisions/021).
 */
const backOfficeAreas = new Set([
  'admin',
  'intake',
  'driver',
  'photos',
  'webhooks',
  'adminReviews',
]);

function areaSource(area: string, endpoints: Record<string, Endpoint>): string {
  const lines = Object.entries(endpoints).map(([name, e]) => {
    const auth = e.auth ? `, auth: [${e.auth.map((a) => `'${a}'`).join(', ')}]` : '';
    return `    ${name}: { method: '${e.method}', path: '${e.path}'${auth} },`;
  });
  return `  ${area}: {\n${lines.join('\n')}\n  },`;
}

const header = `// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.`;

/** shared/api/public-routes.ts: the areas the website's public and customer pages call. */
function publicRoutesSource(api: Record<string, Record<string, Endpoint>>): string {
  const areas = Object.entries(api).filter(([area]) => !backOfficeAreas.has(area));
  const names = areas.map(([area]) => `'${area}'`).join(' | ');
  return `${header}
import type { Api, Routes } from './route';

/** The areas of public-routes.ts. */
export type PublicArea = ${names};

/**
 * The endpoints the website's own pages call, without their schemas (zod stays out of the
 * pages' bundles), and without the back office's, which no public page needs: the routes
 * table public pages import. Each carries its endpoint's type.
 */
export const publicRoutes: Pick<Routes<Api>, PublicArea> = {
${areas.map(([area, endpoints]) => areaSource(area, endpoints)).join('\n')}
};
`;
}

/** shared/api/routes.ts: every endpoint, the public ones and the back office's. */
function routesSource(api: Record<string, Record<string, Endpoint>>): string {
  const areas = Object.entries(api).filter(([area]) => backOfficeAreas.has(area));
  return `${header}
import type { Api, Routes } from './route';
import { publicRoutes } from './public-routes';

/**
 * Every endpoint of the contract without its schemas: what the browser's client needs at run
 * time (zod stays out of the pages' bundles). Each carries its endpoint's type, so
 * \`call(routes.accounts.logIn, …)\` is typed from the schemas all the same. Public pages
 * import public-routes.ts instead, without the back office's table.
 */
export const routes: Routes<Api> = {
  ...publicRoutes,
${areas.map(([area, endpoints]) => areaSource(area, endpoints)).join('\n')}
};
`;
}

for (const [file, source] of [
  ['public-routes.ts', publicRoutesSource(api)],
  ['routes.ts', routesSource(api)],
] as const) {
  const target = fileURLToPath(new URL(`../shared/api/${file}`, import.meta.url));
  const options = await resolveConfig(target);
  writeFileSync(target, await format(source, { ...options, filepath: target }));
  console.log(`wrote ${target}`);
}
