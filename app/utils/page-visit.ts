import { useEffect } from 'react';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { call } from '~/utils/api-client';

/** POST /user-info (spec 7): which page a visit began on. The server reads the IP itself. */
export function usePageVisit(page: 'home' | 'price') {
  useEffect(() => {
    // The client reads every reply to the end: Chromium counts a response whose body nobody
    // read as still loading, which kept the home page from ever being idle for Lighthouse.
    void call(routes.catalogue.recordVisit, { body: { page } });
  }, [page]);
}
