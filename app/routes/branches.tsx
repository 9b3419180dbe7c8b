import { data, Link, useNavigate } from 'react-router';
import { listBranches } from '~/server/catalogue.server';
import { BranchMap } from '~/components/branch-map';
import { seo } from '~/utils/seo';
import { londonToday } from '@shared/london-time';
import type { Route } from './+types/branches';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context, params }: Route.LoaderArgs) {
  const branches = await listBranches(context.services.content);
  const selected = params.id
    ? branches.find((b) => b.slug === params.id || String(b.id) === params.id)
    : branches[0];
  if (!selected) throw data(null, { status: 404 });
  // Bank holidays and closures from today on (issue 32); the page is shared, so "today" is
  // the day it was rendered, and a passed closure drops off at the next content change.
  const today = londonToday(context.services.now());
  return { branches, selectedSlug: selected.slug, today };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const selected = loaderData?.branches.find((b) => b.slug === loaderData.selectedSlug);
  return seo(matches, {
    title: params.id && selected ? `${selected.name} Branch` : 'Our Branches',
    description: selected
      ? `Our ${selected.name} dry cleaning branch at ${selected.address.join(', ')}. Opening hours, map and phone.`
      : 'Five dry cleaning branches in London.',
    path: params.id ? `/branches/${params.id}` : '/branches',
  });
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { branches, selectedSlug, today } = loaderData;
  const selected = branches.find((b) => b.slug === selectedSlug)!;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">Our branches</h1>
      <p className="mt-2 text-slate-600">Drop in, or let our vans come to you.</p>

      <div className="mt-6 lg:hidden">
        <label htmlFor="branch-select" className="field-label">
          Choose a branch
        </label>
        <select
          id="branch-select"
          className="field-input"
          value={selectedSlug}
          onChange={(e) => navigate(`/branches/${e.target.value}`, { preventScrollReset: true })}
        >
          {branches.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[320px_1fr]">
        <nav aria-label="Branches" className="hidden lg:block">
          <ul className="space-y-2">
            {branches.map((b) => (
              <li key={b.slug}>
                <Link
                  to={`/branches/${b.slug}`}
                  preventScrollReset
                  aria-current={b.slug === selectedSlug ? 'page' : undefined}
                  className={`block rounded-xl border p-4 ${b.slug === selectedSlug ? 'border-brand bg-brand/5' : 'border-slate-200 hover:border-brand'}`}
                >
                  <span className="font-semibold text-slate-900">{b.name}</span>
                  <span className="block text-sm text-slate-600">{b.address.join(', ')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="branch-name" className="card">
          <h2 id="branch-name" className="section-title">
            {selected.name}
          </h2>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="font-semibold text-slate-900">Address</h3>
              <address className="mt-1 text-slate-700 not-italic">
                {selected.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <p className="mt-3">
                <a
                  href={`tel:${selected.phone.replace(/[^\d]/g, '')}`}
                  className="font-semibold text-brand underline"
                >
                  {selected.phone}
                </a>
              </p>
              <h3 className="mt-4 font-semibold text-slate-900">Opening hours</h3>
              <dl className="mt-1 text-slate-700">
                {selected.opening_hours.map((h) => (
                  <div
                    key={h.days}
                    className="flex justify-between gap-4 border-b border-slate-100 py-1"
                  >
                    <dt>{h.days}</dt>
                    <dd>{h.hours}</dd>
                  </div>
                ))}
              </dl>
              {selected.closures.some((c) => c.date >= today) ? (
                <>
                  <h3 className="mt-4 font-semibold text-slate-900">Closed on</h3>
                  <ul className="mt-1 text-slate-700" data-testid="branch-closures">
                    {selected.closures
                      .filter((c) => c.date >= today)
                      .slice(0, 6)
                      .map((c) => (
                        <li key={c.date} className="flex justify-between gap-4 py-1">
                          <span>
                            {new Date(`${c.date}T12:00:00Z`).toLocaleDateString('en-GB', {
                              weekday: 'short',
                              day: 'numeric',
                              month: 'short',
                              year: 'numeric',
                              timeZone: 'UTC',
                            })}
                          </span>
                          <span>{c.reason}</span>
                        </li>
                      ))}
                  </ul>
                </>
              ) : null}
            </div>
            <BranchMap
              name={selected.name}
              latitude={selected.latitude}
              longitude={selected.longitude}
            />
          </div>
        </section>
      </div>
    </main>
  );
}
