import type { Brand } from '@shared/brand';

/**
 * How to get the app on this device (issue 33): opened by the app offers' `#app-install` link
 * (CSS :target, so it works without JavaScript), where the browser has no install prompt of
 * its own. app.css shows the steps for the device that <html> is marked with
 * (app-install-script.ts); the store links only when the brand file names real ones.
 */
export function AppInstallSteps({ brand }: { brand: Brand }) {
  return (
    <section
      id="app-install"
      aria-labelledby="app-install-title"
      className="app-install-steps fixed inset-x-0 bottom-0 z-[80] rounded-t-2xl bg-white p-5 pb-[calc(env(safe-area-inset-bottom)+1.25rem)] text-slate-900 shadow-[0_-8px_32px_rgb(15_23_42/0.25)] md:inset-x-auto md:right-6 md:bottom-6 md:w-96 md:rounded-2xl"
    >
      <div className="flex items-start gap-3">
        <img src={brand.logo} alt="" width="40" height="40" className="h-10 w-10 rounded-lg" />
        <div className="flex-1">
          <h2 id="app-install-title" className="text-lg font-bold">
            Get the {brand.shortName} app
          </h2>
          <p className="text-sm text-slate-600">
            Your orders and tracking on your home screen, readable offline, with notifications.
          </p>
        </div>
        <a
          href="#"
          className="-m-2 flex h-10 w-10 items-center justify-center rounded text-slate-500"
        >
          <span className="sr-only">Close</span>
          <span aria-hidden="true">✕</span>
        </a>
      </div>
      <button type="button" data-app-install="" className="install-prompt btn-primary mt-4 w-full">
        Install
      </button>
      <ol className="install-ios mt-4 list-decimal space-y-1.5 pl-5 text-sm">
        <li>
          In Safari, tap <strong>Share</strong> (the square with an arrow, at the bottom or top of
          the screen).
        </li>
        <li>
          Scroll down and tap <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong>: the app is on your home screen.
        </li>
      </ol>
      <p className="install-other mt-4 text-sm">
        Open your browser&rsquo;s menu (⋮ or ⋯) and choose <strong>Install app</strong> or{' '}
        <strong>Add to Home screen</strong>. On iPhone, use Safari&rsquo;s <strong>Share</strong>{' '}
        button, then <strong>Add to Home Screen</strong>.
      </p>
      <StoreLinks brand={brand} />
    </section>
  );
}

/** The stores' badges, only for a native app the brand file names (null: none). */
export function StoreLinks({ brand }: { brand: Brand }) {
  if (!brand.appStoreUrl && !brand.playStoreUrl) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {brand.appStoreUrl ? (
        <a href={brand.appStoreUrl} className="store-badge" rel="noopener">
          <span className="text-[10px] leading-none">Download on the</span>
          <span className="font-semibold">App Store</span>
        </a>
      ) : null}
      {brand.playStoreUrl ? (
        <a href={brand.playStoreUrl} className="store-badge" rel="noopener">
          <span className="text-[10px] leading-none">Get it on</span>
          <span className="font-semibold">Google Play</span>
        </a>
      ) : null}
    </div>
  );
}
