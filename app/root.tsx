import { lazy, useLayoutEffect, type ReactNode } from 'react';
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
} from 'react-router';
import { pageHydrates } from '@shared/page-handle';
import { getCurrentCustomer } from '~/server/accounts.server';
import { listBranches } from '~/server/catalogue.server';
import { chromeFor, type PageHandle } from './components/site/chrome-rules';
import { restoreAppBannerMark } from './components/site/app-banner-dismissal';
import { markSignedIn } from './components/site/signed-in-marker';
import { ContactBar } from './components/site/contact-bar';
import { DeferredPromo } from './components/site/deferred-promo';
import { OfflineStatusLater } from './components/site/offline-status-later';
import { SiteFooter } from './components/site/site-footer';
import { SiteHeader } from './components/site/site-header';
import { LogoutButton } from './features/account/logout-button';
import { isSharedPageHandle } from '@shared/shared-page';
import type { Route } from './+types/root';
import { useServerMarkup } from './utils/server-markup';
import { useNonce } from './utils/nonce';
import { PageStyles } from './utils/inline-styles';
import { useRootData } from './utils/root-data';
import './app.css';
import { keepsDataWithinDriverView } from './utils/driver-revalidate';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  const branches = await listBranches(services.content);
  return {
    brand: services.config.brand,
    publicUrl: services.config.publicUrl,
    /** The logged-in customer, for the navigation's name menu. */
    user: customer ? { name: customer.name } : null,
    branches: branches.map((b) => ({ slug: b.slug, name: b.name, address: b.address })),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const serverMarkup = useServerMarkup();
  // A page with nothing interactive ships no JavaScript (its handle says hydrate: false).
  const scripts = pageHydrates(useMatches().map((match) => match.handle));
  // After every commit, before paint: the app banner's mark on <html>, if React cleared it.
  useLayoutEffect(restoreAppBannerMark);
  // And the signed-in mark of a shared page's header (signed-in-marker.ts), the same way.
  useLayoutEffect(() => markSignedIn(document));
  const colours = data?.brand.colours;
  return (
    // The scripts in <head> mark <html> before React hydrates it (banner state, signed in).
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* viewport-fit=cover: the installed app draws under the notch, padded by env(). */}
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The installable app (decision 059): manifest and icons from the brand file. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        {colours ? <meta name="theme-color" content={colours.primary} /> : null}
        <Meta />
        <PageStyles />
        {/* Before <body> is parsed: the app banner is painted open or closed from the start. */}
        {/* The nonce is the server's alone (the browser hides it once the CSP took it). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serverMarkup.beforeBody }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serverMarkup.signedIn }}
        />
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
        {/* How to install the app (#app-install), for every page's app offers. */}
        <div
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serverMarkup.installSteps }}
        />
        {/* In the browser the page has hydrated: a link followed to a page without scripts
            still scrolls to its top. */}
        {(scripts || typeof document !== 'undefined') && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

/** Not asked again for Today/Tomorrow in the driver's view (issue 33): it may have no signal. */
export const shouldRevalidate = keepsDataWithinDriverView;

/** A 404 under any path, and errors: no title of the page that failed, so one here. */

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? 'Page not found' : 'Something went wrong' },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The site around a page: header, footer, the contact bar and the pop-ups, as the path and
 * the page ask (chrome-rules.ts). The same for pages and for the 404 and error pages.
 */
function SiteChrome({ notFound = false, children }: { notFound?: boolean; children: ReactNode }) {
  const data = useRootData();
  const { pathname } = useLocation();
  const matches = useMatches();
  if (!data) return <>{children}</>;
  // A page says in its handle that it shows the booking form (home, landing pages) or is the
  // 404 page; a landing path that turned out to be a 404 has no data and no form.
  const handles = matches.map((m) => ({
    handle: m.handle as PageHandle | undefined,
    loaded: m.loaderData !== undefined,
  }));
  const missing =
    notFound || handles.some((m) => m.handle?.notFound || (m.handle?.bookingForm && !m.loaded));
  const bookingForm = !missing && handles.some((m) => m.handle?.bookingForm);
  const chrome = chromeFor(pathname, { bookingForm, notFound: missing });
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineStatusLater />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {chrome.navigation && (
        <SiteHeader
          brand={data.brand}
          user={data.user}
          shared={matches.some((m) => isSharedPageHandle(m.handle))}
          LogoutButton={LogoutButton}
        />
      )}
      <div className="flex flex-1 flex-col [&>main]:flex-1">{children}</div>
      {chrome.footer && <SiteFooter brand={data.brand} branches={data.branches} />}
      {chrome.floatingButtons && (
        <ContactBar
          brand={data.brand}
          showOrderNow={chrome.orderNowButton}
          showAppBanner={chrome.appBanner}
        />
      )}
      {chrome.promo && <DeferredPromo brand={data.brand} />}
    </div>
  );
}

export default function App() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/*
 * Only a 404 shows it: a page that rendered fine does not load it (issue 30's 25 kB of our own
 * code per page). No Suspense boundary: the server writes it whole and the browser hydrates it
 * once its chunk is in, as the checkout's steps (routes/checkout.tsx).
 */
const NotFoundPanel = lazy(() =>
  import('./components/not-found-panel').then((m) => ({ default: m.NotFoundPanel })),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A 404 below a real route (/pricing/zzz, /blog/x, /order/complete/1) is the same page as
  // /not-found: the whole site around it, titled 'Page not found' (meta above), noindex.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteChrome notFound>
        <NotFoundPanel />
      </SiteChrome>
    );
  }
  // Any other error is shown on its own: the site around it may be what failed.
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
