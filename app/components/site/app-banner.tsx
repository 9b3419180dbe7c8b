import type { Brand } from '@shared/brand';

/**
 * The mobile app banner (spec 2): a bottom bar on phones only, offering the installable app
 * (issue 33, decision 059): "Install" opens the browser's install prompt where there is one
 * (app-install-script.ts), and otherwise the steps for this device (#app-install, the same
 * bytes for every device). Gone in the installed app. It sits in the contact bar, just above
 * the call, chat and app buttons.
 * Whether it shows, and its close button, are the inline script's of app-banner-dismissal.ts,
 * so that both hold from the first paint.
 */
export function AppBanner({ brand }: { brand: Brand }) {
  return (
    <aside
      aria-label="Get our app"
      className="app-banner flex items-center gap-2 bg-brand py-1 pr-1 pl-3 text-white md:hidden"
    >
      <img
        src={brand.logo}
        alt=""
        width="24"
        height="24"
        className="h-6 w-6 rounded bg-white p-0.5"
      />
      <p className="flex-1 text-sm leading-tight">
        <strong>{brand.appDiscountPercent}% off</strong> in our app
        <span className="sr-only">, for iPhone and Android</span>
      </p>
      <a
        href="#app-install"
        data-app-install=""
        className="rounded-md bg-white px-3 py-1.5 text-sm font-bold text-brand"
      >
        Get the app
      </a>
      <button
        type="button"
        // Closes it (the inline script of app-banner-dismissal.ts listens).
        data-app-banner-close=""
        className="flex h-10 w-10 items-center justify-center rounded text-white/90"
      >
        <span className="sr-only">Close the app banner</span>
        <span aria-hidden="true">✕</span>
      </button>
    </aside>
  );
}
