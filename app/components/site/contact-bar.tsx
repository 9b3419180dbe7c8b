import { Link } from 'react-router';
import type { Brand } from '@shared/brand';
import { AppBanner } from './app-banner';

/**
 * The floating buttons of spec 2 (Order Now, call, chat and app download) as one bar along
 * the bottom of the window, and on phones the app banner just above it. The bar is the last
 * thing on the page and sticks to the bottom while the page scrolls (position: sticky), so
 * it takes its own room at the end of the page: it never sits over a price, a field or a
 * button that cannot be scrolled clear of it, and nothing floats over the content.
 *
 * Issue 31: where the page shows the booking form itself (no Order Now), on a wide screen the
 * bar stays at the end of the page (not sticky): the form's card is taller than a 1280 × 800
 * window, and the bar must not cover its slots or its button. The header keeps the phone.
 */
export function ContactBar({
  brand,
  showOrderNow,
  showAppBanner,
}: {
  brand: Brand;
  showOrderNow: boolean;
  showAppBanner: boolean;
}) {
  const chat = `https://wa.me/${brand.chatNumberE164.replace('+', '')}`;
  const item =
    'flex min-h-12 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-semibold text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand md:min-h-10 md:flex-none md:flex-row md:gap-2 md:px-3 md:text-sm';
  return (
    <div className={`sticky bottom-0 z-30 print:hidden ${showOrderNow ? '' : 'lg:static'}`}>
      {showAppBanner ? <AppBanner brand={brand} /> : null}
      <nav
        aria-label="Contact us"
        className="border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_12px_rgb(15_23_42/0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl items-stretch gap-1 px-2 py-1.5 md:items-center md:gap-2 md:px-4">
          <a
            href={`tel:${brand.phoneE164}`}
            aria-label={`Call us on ${brand.phone}`}
            className={item}
          >
            <PhoneIcon />
            <span className="md:hidden">Call</span>
            <span className="hidden md:inline">{brand.phone}</span>
          </a>
          <a href={chat} aria-label="Chat with us" className={item} rel="noopener">
            <ChatIcon />
            <span className="md:hidden">Chat</span>
            <span className="hidden md:inline">Chat with us</span>
          </a>
          <a
            href="#app-install"
            data-app-install=""
            aria-label={`Download our app, ${brand.appDiscountPercent}% off`}
            // While the banner above offers the app, the bar does not offer it twice (app.css);
            // the installed app offers it not at all.
            className={`app-offer ${item} ${showAppBanner ? 'app-button-beside-banner' : ''}`}
          >
            <AppIcon />
            <span className="md:hidden">App</span>
            <span className="hidden md:inline">
              Download our app, {brand.appDiscountPercent}% off
            </span>
          </a>
          {showOrderNow ? (
            <Link
              to="/#order"
              className="btn-primary flex-[1.6] rounded-lg px-3 py-2 text-sm md:ml-auto md:flex-none md:px-6"
            >
              Order Now
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="currentColor"
      className="text-emerald-600"
    >
      <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
    </svg>
  );
}

function AppIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 3v13h10V5zm5 14.5a1 1 0 1 0 0 .01z" />
    </svg>
  );
}
