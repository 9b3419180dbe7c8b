import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

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
