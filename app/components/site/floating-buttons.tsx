import { Link } from 'react-router';
import type { Brand } from '@shared/brand';

/** Floating buttons (spec 2): Order Now (not on home), call, chat and app download. */
export function FloatingButtons({
  brand,
  showOrderNow,
  store,
}: {
  brand: Brand;
  showOrderNow: boolean;
  store: 'ios' | 'android' | 'other';
}) {
  const chat = `https://wa.me/${brand.chatNumberE164.replace('+', '')}`;
  const app = store === 'android' ? brand.playStoreUrl : brand.appStoreUrl;
  const round =
    'flex h-12 w-12 items-center justify-center rounded-full shadow-lg ring-1 ring-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  return (
    <div className="fixed right-4 bottom-24 z-30 flex flex-col items-end gap-3 md:bottom-6">
      {showOrderNow && (
        <Link to="/#order" className="btn-primary rounded-full px-5 shadow-lg">
          Order Now
        </Link>
      )}
      <a href={`tel:${brand.phoneE164}`} className={`${round} bg-brand text-white`}>
        <span className="sr-only">Call us on {brand.phone}</span>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
        </svg>
      </a>
      <a href={chat} className={`${round} bg-emerald-600 text-white`} rel="noopener">
        <span className="sr-only">Chat with us</span>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
        </svg>
      </a>
      <a href={app} className={`${round} bg-white text-brand`} rel="noopener">
        <span className="sr-only">Download our app</span>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 3v13h10V5zm5 14.5a1 1 0 1 0 0 .01z" />
        </svg>
      </a>
    </div>
  );
}
