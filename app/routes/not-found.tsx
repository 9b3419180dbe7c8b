import { data } from 'react-router';
import { NotFoundPanel } from '~/components/not-found-panel';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The 404 page: the site around it, without the promo pop-up. */
export const handle: PageHandle = { notFound: true };

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundPanel />;
}
