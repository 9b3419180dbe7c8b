import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { call } from '~/utils/api-client';
import { EXPRESS } from './booking-sections';
import { openSlots, slotKey, type readBooking, type ListedSlot } from './booking-storage';

export type Coverage =
  | { state: 'unknown' }
  | { state: 'checking' }
  | { state: 'served'; area: string }
  | { state: 'not-served'; message: string };

/** Whether we collect at a postcode, asked as the visitor picks or types an address. */
export function useCoverage(notServed: string | null | undefined) {
  const [coverage, setCoverage] = useState<Coverage>(
    notServed ? { state: 'not-served', message: notServed } : { state: 'unknown' },
  );
  // Stable, so an effect that asks once on mount can depend on it.
  const checkCoverage = useCallback(async (postcode: string) => {
    setCoverage({ state: 'checking' });
    const reply = await call(routes.booking.coverage, { query: { postcode } });
    if (!reply.ok) setCoverage({ state: 'unknown' });
    else if (reply.data.served) setCoverage({ state: 'served', area: reply.data.area.name });
    else setCoverage({ state: 'not-served', message: reply.data.message });
  }, []);
  return { coverage, setCoverage, checkCoverage };
}

/**
 * The delivery windows of the chosen collection, loaded again whenever it changes (the
 * server's list, sent after a submit without JavaScript, is used as it is), and the choice
 * among them: a slot, or express (booked by phone). A delivery kept from an earlier visit
 * (`restored`) is chosen again when it is still offered.
 */
export function useDeliverySlots(options: {
  pickup: string;
  /** Delivery windows the server sent for `initialPickup`. */
  initial: ListedSlot[] | null | undefined;
  initialPickup: string;
  initialDelivery: string;
  restored: MutableRefObject<ReturnType<typeof readBooking>>;
}) {
  const { pickup, restored } = options;
  const [deliveries, setDeliveries] = useState<ListedSlot[] | null>(options.initial ?? null);
  const [delivery, setDelivery] = useState(
    options.initialDelivery !== EXPRESS ? options.initialDelivery : '',
  );
  const [express, setExpress] = useState(options.initialDelivery === EXPRESS);
  /** The delivery slots the server sent belong to this collection: no need to load them. */
  const loadedFor = useRef(options.initial ? options.initialPickup : '');

  useEffect(() => {
    if (pickup && pickup === loadedFor.current) return;
    loadedFor.current = '';
    setDeliveries(null);
    setDelivery('');
    setExpress(false);
    if (!pickup) return;
    // Full windows too: the slot picker shows them as full (the select leaves them out).
    const query = { include_full: 'true' } as const;
    void call(routes.booking.deliverySlots, { params: { slot: pickup }, query }).then((reply) => {
      const list = reply.ok ? reply.data : null;
      setDeliveries(list ?? []);
      const saved = restored.current;
      if (saved && openSlots(list)?.some((s) => slotKey(s) === slotKey(saved.details.delivery))) {
        setDelivery(slotKey(saved.details.delivery));
      }
      restored.current = null;
    });
  }, [pickup, restored]);

  // The same across renders: the slot picker's windows are memoised on it.
  const chooseDelivery = useCallback((value: string) => {
    // Same day is booked by phone: the message with its "Call now" link says so. Nothing
    // dials by itself (a desktop would ask which app should open a tel: link).
    setExpress(value === EXPRESS);
    setDelivery(value === EXPRESS ? '' : value);
  }, []);

  return { deliveries, delivery, express, chooseDelivery };
}
