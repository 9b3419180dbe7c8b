import { useEffect, useState } from 'react';

/**
 * Whether the visitor has started on the page's booking form (`#order`, the form the promo's
 * own "Book a collection" link points at): issue 31, the promo pop-up must not open over it.
 * Once touched it stays touched for the page's life.
 */
const BOOKING_FORM = '#order';

let touchedOnThisPage = false;

/** Focused, typed in or filled before hydration (no listener saw it): checked at any time. */
export function bookingFormTouched(): boolean {
  if (touchedOnThisPage || typeof document === 'undefined') return touchedOnThisPage;
  const form = document.querySelector<HTMLFormElement>(BOOKING_FORM);
  if (!form) return false;
  const active = document.activeElement;
  // Typed before hydration (a tapped radio or select is focused, caught above).
  const changed = [...form.elements].some(
    (el) =>
      (el instanceof HTMLInputElement &&
        !['hidden', 'radio', 'checkbox'].includes(el.type) &&
        el.value !== el.defaultValue) ||
      (el instanceof HTMLTextAreaElement && el.value !== el.defaultValue),
  );
  touchedOnThisPage =
    Boolean(active && active !== document.body && form.contains(active)) || changed;
  return touchedOnThisPage;
}

/** Re-renders with true the first time the visitor focuses, taps or types in the form. */
export function useBookingFormTouched(): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    touchedOnThisPage = false;
    if (bookingFormTouched()) {
      setTouched(true);
      return;
    }
    const events = ['focusin', 'pointerdown', 'keydown', 'input'] as const;
    const seen = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest(BOOKING_FORM)) return;
      touchedOnThisPage = true;
      setTouched(true);
      stop();
    };
    const stop = () => events.forEach((name) => document.removeEventListener(name, seen, true));
    events.forEach((name) => document.addEventListener(name, seen, true));
    return stop;
  }, []);
  return touched;
}
