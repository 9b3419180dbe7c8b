import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { NewsletterForm, type NewsletterReply } from '~/components/site/newsletter-form';
import { subscribeToNewsletter } from '~/server/catalogue.server';
import { seo } from '~/utils/seo';
import { newsletterSchema, newsletterSubscribed } from '@shared/validation';
import type { PageHandle } from '~/components/site/chrome-rules';
import type { Route } from './+types/newsletter';

/**
 * Where the footer's newsletter box posts (docs/decisions/041). With the page's scripts the
 * footer posts here in the background and says the answer under the box; without them (the
 * pages that ship no JavaScript) the browser comes here and this page says it.
 */
export const handle: PageHandle = { hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Newsletter',
    description: 'Offers and garment-care tips, once a month.',
    path: '/newsletter',
    noindex: true,
  });
}

/** The same rules as POST /api/newsletter: its schema, its use-case, its limit per address. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientIp: ip } = context;
  try {
    const { email } = parseFields(newsletterSchema, await formFields(request));
    await subscribeToNewsletter(services, { email, ip });
    return { ok: true as const, message: newsletterSubscribed };
  } catch (error) {
    return formFailure(error);
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const reply: NewsletterReply | undefined = actionData;
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Newsletter</h1>
      <p className="mt-2 text-slate-600">Offers and garment-care tips, once a month.</p>
      <div className="mt-6 rounded-lg bg-slate-900 p-6 text-slate-300">
        <NewsletterForm id="newsletter-page-email" reply={reply} />
      </div>
    </main>
  );
}
