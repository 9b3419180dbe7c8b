import type { Plugin } from 'vite';

/**
 * The browser's copy of the site runs on Preact (`preact/compat`) instead of React DOM; the
 * server keeps rendering with React 19 (docs/decisions/039). These are the imports that React,
 * React DOM and the JSX transform are asked for, and what the browser gets instead.
 */
export const preactForReact: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

type Resolver = {
  resolve(
    id: string,
    importer?: string,
    options?: { skipSelf?: boolean },
  ): Promise<{ id: string } | null>;
};

async function resolveToPreact(context: Resolver, id: string, importer: string | undefined) {
  const target = preactForReact[id];
  if (!target) return null;
  return context.resolve(target, importer, { skipSelf: true });
}

/**
 * Swaps React for Preact in the client environment only (the build's browser bundle and the
 * development server's browser modules); the server environment keeps React. Named imports
 * that Preact lacks (useOptimistic, useActionState, useFormStatus) are refused by lint
 * in app/ (eslint.config.js) and feature-detected by React Router.
 */
export function preactInTheBrowser(): Plugin {
  return {
    name: 'preact-in-the-browser',
    enforce: 'pre',
    resolveId(id, importer) {
      if (this.environment.name !== 'client') return null;
      return resolveToPreact(this, id, importer);
    },
    // The development server pre-bundles React Router for the browser: its imports of React
    // must be Preact too, or the page would run two renderers.
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        optimizeDeps: {
          include: ['preact/compat', 'preact/compat/client', 'preact/jsx-runtime'],
          exclude: Object.keys(preactForReact),
          rolldownOptions: {
            plugins: [
              {
                name: 'preact-in-the-browser:deps',
                resolveId(id: string, importer: string | undefined) {
                  return resolveToPreact(this as Resolver, id, importer);
                },
              },
            ],
          },
        },
      };
    },
  };
}
