import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';

/**
 * The root loader's data (app/root.tsx): the brand, the logged-in customer's name, the
 * branches, the app store. Undefined on an error page whose root loader failed.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
