import { listFaqs } from '~/server/catalogue.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/faqs';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await listFaqs(context.services.content) };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
// Nothing interactive: the page ships no JavaScript (docs/decisions/041).
export const handle: PageHandle = { sharedPage: true, hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Frequently Asked Questions',
    description:
      'How collection and delivery works, how long cleaning takes, when you pay and how to cancel.',
    path: '/faqs',
  });
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="page-title">Frequently asked questions</h1>
      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {loaderData.faqs.map((f, i) => (
          <details key={f.id} className="group p-5" open={i === 0}>
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold text-slate-900">
              {f.question}
              <span aria-hidden="true" className="text-brand transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 leading-relaxed text-slate-700">{f.answer}</p>
          </details>
        ))}
      </div>
    </main>
  );
}
