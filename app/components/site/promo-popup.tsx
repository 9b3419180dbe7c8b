import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Brand } from '@shared/brand';
import { useDismissible } from './dismissible';

/**
 * The promo image that pops up on load (spec 2), as a modal dialog that Escape, the close
 * button or the backdrop dismiss. Once closed it stays away for a day.
 */
export function PromoPopup({
  brand,
  mayOpen = () => true,
}: {
  brand: Brand;
  /** Asked the moment before it opens (issue 31: not over a booking form in use). */
  mayOpen?: () => boolean;
}) {
  const { visible, dismiss } = useDismissible('promo_dismissed_at');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (visible && dialog.current && !dialog.current.open && mayOpen()) dialog.current.showModal();
  }, [visible, mayOpen]);
  if (!visible) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="promo-title"
      onClose={dismiss}
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current?.close();
      }}
      className="m-auto w-[min(92vw,440px)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative">
        <img
          src={brand.promoImage}
          alt=""
          width="440"
          height="300"
          className="block h-auto w-full"
        />
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute top-2 right-2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-slate-800"
        >
          Close <span className="sr-only">the offer</span>
        </button>
      </div>
      <div className="p-5 text-center">
        <h2 id="promo-title" className="text-xl font-bold text-slate-900">
          {brand.appDiscountPercent}% off your first app order
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Free collection and delivery across London, cleaned in 24 to 48 hours.
        </p>
        <Link to="/#order" className="btn-primary mt-4" onClick={() => dialog.current?.close()}>
          Book a collection
        </Link>
      </div>
    </dialog>
  );
}
