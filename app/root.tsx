import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import { listBranches } from '@server/use-cases/catalogue/catalogue';
import { AppBanner } from './components/site/app-banner';
import { chromeFor } from './components/site/chrome-rules';
import { FloatingButtons } from './components/site/floating-buttons';
import { PromoPopup } from './components/site/promo-popup';
import { SiteFooter } from './components/site/site-footer';
import { SiteHeader } from './components/site/site-header';
import type { Route } from './+types/root';
import { NotFoundPanel } from './components/not-found-panel';
import { appStoreFor } from '@shared/app-store';
import { useNonce } from './utils/nonce';
import './app.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  const branches = await listBranches(services.content);
  const agent = request.headers.get('user-agent') ?? '';
  return {
    brand: services.config.brand,
    publicUrl: services.config.publicUrl,
    /** The logged-in customer, for the navigation's name menu. */
    user: customer ? { name: customer.name } : null,
    branches: branches.map((b) => ({ slug: b.slug, name: b.name, address: b.address })),
    /** Which store the app banner links to. */
    store: appStoreFor(agent),
  };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const colours = data?.brand.colours;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body
        className="min-h-screen bg-white font-sans text-slate-900 antialiased"
        style={
          colours
            ? ({
                '--brand-primary': colours.primary,
                '--brand-accent': colours.accent,
              } as React.CSSProperties)
            : undefined
        }
      >
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);
  if (!data) return <Outlet />;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {chrome.navigation && <SiteHeader brand={data.brand} user={data.user} />}
      <Outlet />
      {chrome.footer && <SiteFooter brand={data.brand} branches={data.branches} />}
      {chrome.floatingButtons && (
        <FloatingButtons
          brand={data.brand}
          showOrderNow={chrome.orderNowButton}
          store={data.store}
        />
      )}
      {chrome.appBanner && <AppBanner brand={data.brand} store={data.store} />}
      {chrome.promo && <PromoPopup brand={data.brand} />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPanel />;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong, please try again!</h1>
      <p className="mt-4 text-slate-600">
        If this keeps happening, please call us and we will take your order by phone.
      </p>
      <a href="/" className="btn-primary mt-8">
        Back to home
      </a>
    </main>
  );
}
