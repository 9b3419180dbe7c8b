import { redirect } from 'react-router';

/** The spec's route is spelt /corperates; the correct spelling redirects there for good. */
export function loader() {
  return redirect('/corperates', 301);
}
