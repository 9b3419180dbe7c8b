import type { Brand } from '@shared/brand';
import { useDismissible } from './dismissible';

/** Mobile-only bottom bar (spec 2) linking to the store of the visitor's device. */
export function AppBanner({ brand, store }: { brand: Brand; store: 'ios' | 'android' | 'other' }) {
  const { visible, dismiss } = useDismissible('app_banner_dismissed_at');
  if (!visible) return null;
  const href = store === 'android' ? brand.playStoreUrl : brand.appStoreUrl;
  return (
    <aside
      aria-label="Get our app"
      className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 bg-brand px-4 py-3 text-white shadow-2xl md:hidden"
    >
      <img
        src={brand.logo}
        alt=""
        width="36"
        height="36"
        className="h-9 w-9 rounded bg-white p-1"
      />
      <p className="flex-1 text-sm leading-tight">
        <strong className="block">{brand.appDiscountPercent}% off in our app</strong>
        {store === 'android'
          ? 'On Google Play'
          : store === 'ios'
            ? 'On the App Store'
            : 'For iPhone and Android'}
      </p>
      <a
        href={href}
        className="rounded-md bg-white px-3 py-2 text-sm font-bold text-brand"
        rel="noopener"
      >
        Get the app
      </a>
      <button type="button" onClick={dismiss} className="rounded p-1 text-white/90">
        <span className="sr-only">Close the app banner</span>
        <span aria-hidden="true">✕</span>
      </button>
    </aside>
  );
}
