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
      <h2 id="app-install-title" className="pr-10 text-lg font-bold">
        Get the {brand.shortName} app
      </h2>
      <a href="#" className="absolute top-3 right-3 p-2 text-slate-500" aria-label="Close">
        ✕
      </a>
      <button type="button" data-app-install="" className="install-prompt btn-primary mt-3 w-full">
        Install
      </button>
      <p className="install-ios mt-3 text-sm">
        In Safari, tap <b>Share</b> (the square with an arrow), then <b>Add to Home Screen</b>.
      </p>
      <p className="install-other mt-3 text-sm">
        In your browser&rsquo;s menu (⋮), choose <b>Install app</b> or <b>Add to Home screen</b>; on
        iPhone, Safari&rsquo;s <b>Share</b>, then <b>Add to Home Screen</b>.
      </p>
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
