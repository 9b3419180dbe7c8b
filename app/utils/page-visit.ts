import { useEffect } from 'react';

/** POST /user-info (spec 7): which page a visit began on. The server reads the IP itself. */
export function usePageVisit(page: 'home' | 'price') {
  useEffect(() => {
    void fetch('/api/user-info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page }),
    })
      // Read to the end: Chromium counts a response whose body nobody read as still loading,
      // which keeps the page from ever being idle (Lighthouse gave up on the home page).
      .then((reply) => reply.text())
      .catch(() => undefined);
  }, [page]);
}
