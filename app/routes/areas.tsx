import { Link } from 'react-router';
import { areaGroupsWithAreas } from '~/server/catalogue.server';
import { useTypedValue } from '~/components/form';
import { seo } from '~/utils/seo';
import type { Route } from './+types/areas';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context }: Route.LoaderArgs) {
  const groups = await areaGroupsWithAreas(context.services.content);
  return {
    groups: groups.map((g) => ({
      id: g.id,
      title: g.title,
      areas: g.areas.map((a) => ({ code: a.area_code, name: a.name, outward: a.outward_code })),
    })),
  };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Areas We Cover in London',
    description:
      'Free dry cleaning collection and delivery across central, west, north, north-west, south-west and east London. Find your area.',
    path: '/areas',
  });
}

export default function Areas({ loaderData }: Route.ComponentProps) {
  const [query, setQuery, searchField] = useTypedValue<HTMLInputElement>();
  const q = query.trim().toLowerCase();
  const groups = loaderData.groups
    .map((g) => ({
      ...g,
      areas: g.areas.filter(
        (a) => !q || a.name.toLowerCase().includes(q) || a.outward.toLowerCase().startsWith(q),
      ),
    }))
    .filter((g) => g.areas.length > 0);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">Areas we cover</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Free collection and delivery in these London postcode districts. Not listed? Call us, we may
        still reach you.
      </p>
      <div className="mt-6 max-w-md">
        <label htmlFor="area-search" className="field-label">
          Search by area name or postcode district
        </label>
        <input
          id="area-search"
          ref={searchField}
          type="search"
          className="field-input"
          placeholder="e.g. Chelsea or NW8"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {groups.length === 0 && (
        <p className="mt-8 text-slate-600" role="status">
          No area matches “{query}”.
        </p>
      )}
      <div className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {groups.map((g) => (
          <section key={g.id} aria-labelledby={`group-${g.id}`} className="card">
            <h2 id={`group-${g.id}`} className="text-lg font-semibold text-brand">
              {g.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {g.areas.map((a) => (
                <li key={a.code}>
                  <Link
                    to={`/${a.code}`}
                    className="flex justify-between gap-2 text-slate-800 hover:text-brand"
                  >
                    <span className="underline-offset-2 hover:underline">{a.name}</span>
                    <span className="text-sm text-slate-500">{a.outward}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
