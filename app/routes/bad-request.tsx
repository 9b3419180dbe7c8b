import { data, Link } from 'react-router';
import type { PageHandle } from '~/components/site/chrome-rules';
import { useNonce } from '~/utils/nonce';

/** An error page, like the 404: the site around it, without the promo pop-up. */
export const handle: PageHandle = { notFound: true };

/**
 * The answer to a page address that cannot be read (malformed percent-escapes, control
 * characters): server/http/request-guards.ts sends such requests here, with HTTP 400.
 */
export function loader() {
  return data(null, { status: 400 });
}

export function meta() {
  return [{ title: 'This address is not valid' }, { name: 'robots', content: 'noindex' }];
}

export default function BadRequest() {
  const nonce = useNonce();
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      {/* The address bar still shows the unreadable address; before the page's scripts start,
          it becomes this page's own, so the browser's router hydrates the page it was sent. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: "history.replaceState(null, '', '/bad-request')" }}
      />
      <p className="text-6xl font-bold text-brand">400</p>
      <h1 className="mt-4 text-2xl font-semibold">This address is not valid.</h1>
      <p className="mt-3 text-slate-600">
        Part of the link could not be read. Please check it, or start again from the home page.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Back to home
      </Link>
    </main>
  );
}
