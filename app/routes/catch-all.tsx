import { data } from 'react-router';
import { NotFoundPanel } from '~/components/not-found-panel';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The 404 page: the site around it, without the promo pop-up. */
export const handle: PageHandle = { notFound: true };

/** Any unknown path of more than one segment: the 404 page, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
}

export default function CatchAll() {
  return <NotFoundPanel />;
}
