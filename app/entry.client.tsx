import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { registerServiceWorkerWhenIdle } from './utils/service-worker';

/*
 * The browser's entry: React DOM 19 hydrates the document React rendered on the server
 * (docs/decisions/041). React Router's default entry; a hydration error is reported by React
 * (window.reportError), which tests/e2e/hydration.spec.ts fails on.
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// The installable app's service worker, once the page is idle (decision 059).
registerServiceWorkerWhenIdle();
