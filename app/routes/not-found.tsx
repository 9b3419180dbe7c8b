import { data } from 'react-router';
import { NotFoundPanel } from '~/components/not-found-panel';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundPanel />;
}
