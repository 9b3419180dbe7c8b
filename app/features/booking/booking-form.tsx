import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { call } from '~/utils/api-client';
import { addressChoiceReducer, chosenLocation, initialAddressChoice } from './address-choice';
import { AddressStep } from './address-step';
import {
  bookingFormProblems,
  checkoutHref,
  slotKey,
  type BookingFormState,
} from './booking-params';
import { EXPRESS, ExpressByPhone, SlotSelect } from './booking-sections';
import { openSlots, readBooking, saveBooking, type SlotChoice } from './booking-storage';
import type { BookingSlotPickers } from './slot-picker';
import { useCoverage, useDeliverySlots } from './use-booking-slots';
import { SavedAddressChoice, type SavedAddressOption } from './saved-address-choice';

/** The booking form as the server rendered it after a submit without JavaScript. */
type ServerState = Pick<BookingFormState, 'values' | 'errors' | 'notServed' | 'deliveries'>;

/**
 * The hero booking form (spec 2 'Home', 4 'Home order'): address, door number, collection and
 * delivery slots, 'ORDER FOR COLLECTION'. It is a GET form to /customer, so it works without
 * JavaScript: the address is typed by hand, and the first submit brings the delivery slots
 * for the chosen collection (the checkout's loader checks everything again). With JavaScript
 * the address search, the coverage check and the delivery slots are instant, and the choice
 * is kept in the browser to be shown again on return.
 */
export function BookingForm({
  heading = 'Book a free collection',
  phone,
  phoneE164,
  phoneDisplay,
  pickups: initialPickups,
  server,
  saved = [],
  notes = '',
}: {
  heading?: string;
  phone: string;
  phoneE164: string;
  phoneDisplay: string;
  /** Collection slots from the page's loader, for the first render and for no JavaScript. */
  pickups?: SlotChoice[];
  server?: ServerState;
  /** Issue 18: a logged-in customer's address book, the most recent first. */
  saved?: SavedAddressOption[];
  /** Issue 18: the notes of the order booked again, for the checkout's notes. */
  notes?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const values = server?.values;
  const [hydrated, setHydrated] = useState(false);
  // The slot picker is its own chunk, loaded once the page has hydrated: the home page's
  // first load stays within its script budget (decision 035); the selects serve until then.
  const [Pickers, setPickers] = useState<typeof BookingSlotPickers | null>(null);
  useEffect(() => {
    void import('./slot-picker').then((m) => setPickers(() => m.BookingSlotPickers));
  }, []);
  // Where to collect from (issue 18: an entry of the address book too), and the door.
  const [address, dispatch] = useReducer(
    addressChoiceReducer,
    { values, saved },
    initialAddressChoice,
  );
  const usingSaved = saved.find((o) => o.id === address.saved) ?? null;
  const { coverage, setCoverage, checkCoverage } = useCoverage(server?.notServed);
  const [pickups, setPickups] = useState<SlotChoice[] | null>(initialPickups ?? null);
  const [pickup, setPickup] = useState(values?.pickup ?? '');
  const [submitted, setSubmitted] = useState(false);
  const restored = useRef<ReturnType<typeof readBooking>>(null);
  const { deliveries, delivery, express, chooseDelivery } = useDeliverySlots({
    pickup,
    initial: server?.deliveries,
    initialPickup: values?.pickup ?? '',
    initialDelivery: values?.delivery ?? '',
    restored,
  });
  // The same arrays until the slots change, for the selects' memoised options.
  const openPickups = useMemo(() => openSlots(pickups), [pickups]);
  const openDeliveries = useMemo(() => openSlots(deliveries), [deliveries]);
  /** The server's answer to a submit outranks a choice kept in the browser. */
  const fromServer = useRef(Boolean(server));
  const form = useRef<HTMLFormElement>(null);
  // Without JavaScript the address is typed by hand; the search needs scripts.
  const manual = address.manual || !hydrated;
  const addressBlock = useRef<HTMLDivElement>(null);
  /**
   * The height of the hand-typed address, which the server's HTML shows, kept by the search
   * that takes its place at hydration until the visitor first taps or types in the address
   * (or the address book or a booking kept in the browser changes it):
   * the fields below it would otherwise jump up under their eyes as the page wakes (layout
   * shift, Lighthouse's CLS; a shift just after a tap or a key counts as expected). Only a tap
   * in the address itself: a tap below it would see its target move between press and release.
   */
  const [reservedHeight, setReservedHeight] = useState<number | null>(null);
  const releaseReservedHeight = () => {
    if (reservedHeight !== null) setReservedHeight(null);
  };

  // Fresh collection slots (a cached page may be minutes old), and the earlier choice if its
  // collection is still offered.
  useEffect(() => {
    setReservedHeight(addressBlock.current?.offsetHeight || null);
    setHydrated(true);
    // What was typed or chosen before hydration stays, and outranks a booking kept earlier.
    const typed = typedBeforeHydration(form.current);
    dispatch({ type: 'typed', line1: typed.line1, postcode: typed.postcode, door: typed.door });
    if (typed.pickup) setPickup(typed.pickup);
    const keepTyped = Object.values(typed).some(Boolean);
    // Full windows too, for the slot picker to show as full (the select leaves them out).
    const query = { include_full: 'true' } as const;
    void call(routes.booking.pickupSlots, { query }).then((reply) => {
      const list = reply.ok ? reply.data : null;
      setPickups(list ?? []);
      if (fromServer.current || keepTyped) return;
      const kept = readBooking();
      if (kept && openSlots(list)?.some((s) => slotKey(s) === slotKey(kept.details.pickup))) {
        const saved = kept;
        restored.current = saved;
        // The address block changes anyway; the hydration's room is not kept for it.
        setReservedHeight(null);
        dispatch({ type: 'restored', location: saved.location, door: saved.details.doorNumber });
        setPickup(slotKey(saved.details.pickup));
        void checkCoverage(saved.location.postcode);
      }
    });
  }, [checkCoverage]);

  function chooseSaved(value: string) {
    setReservedHeight(null);
    const option = saved.find((o) => o.id === value);
    dispatch({ type: 'saved-chosen', id: value, option });
    if (option) void checkCoverage(option.postcode);
    else setCoverage({ state: 'unknown' });
  }

  /** The address booked: the saved one chosen, the one typed, or the one found. */
  const where = chosenLocation(address, { usingSaved, manual, values });

  /** What is missing, worked out again on every change once the visitor has tried to book. */
  const problems = () =>
    bookingFormProblems({
      manual: manual && !usingSaved,
      hasAddress: Boolean(where),
      street: address.street,
      door: address.door,
      pickup,
      delivery,
      express,
    });
  // After a submit without JavaScript the server's messages stand until the next try.
  const errors = submitted ? problems() : (server?.errors ?? {});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems()).length > 0 || !where) return;
    let served = coverage.state === 'served';
    if ((manual && !usingSaved) || coverage.state === 'unknown') {
      const reply = await call(routes.booking.coverage, { query: { postcode: where.postcode } });
      served = reply.ok && reply.data.served;
      if (reply.ok && !reply.data.served) {
        setCoverage({ state: 'not-served', message: reply.data.message });
      }
    }
    if (!served) return;
    const chosenPickup = openPickups?.find((s) => slotKey(s) === pickup);
    const chosenDelivery = openDeliveries?.find((s) => slotKey(s) === delivery);
    if (!chosenPickup || !chosenDelivery) return;
    const choice = {
      location: where,
      details: { pickup: chosenPickup, delivery: chosenDelivery, doorNumber: address.door.trim() },
      ...(notes ? { notes } : {}),
    };
    saveBooking(choice);
    navigate(checkoutHref(choice));
  }

  const deliveryPlaceholder =
    deliveries === null && !hydrated
      ? 'Shown after you continue'
      : !pickup
        ? 'Choose a collection first'
        : deliveries === null
          ? 'Loading slots…'
          : 'Choose a delivery';
  return (
    <Form
      ref={form}
      method="get"
      action="/customer"
      id="order"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={submit}
      className="scroll-mt-24 rounded-2xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-black/5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Free collection and delivery. Pay after cleaning.
      </p>

      {saved.length > 0 ? (
        <SavedAddressChoice id={id} options={saved} chosen={address.saved} onChoose={chooseSaved} />
      ) : null}
      {notes ? <input type="hidden" name="notes" value={notes} /> : null}
      <AddressStep
        id={id}
        choice={address}
        dispatch={dispatch}
        usingSaved={usingSaved}
        manual={manual}
        hydrated={hydrated}
        where={where}
        errors={errors}
        coverage={coverage}
        onCoverage={(postcode) => void checkCoverage(postcode)}
        onCoverageUnknown={() => setCoverage({ state: 'unknown' })}
        blockRef={addressBlock}
        reservedHeight={reservedHeight}
        onRelease={releaseReservedHeight}
        phone={phone}
        phoneE164={phoneE164}
      />

      {Pickers ? (
        // The slot picker for phones (decision 035). The selects below stay the form's fields
        // (and the whole control without JavaScript); with it they are kept in step, unseen.
        <Pickers
          pickups={pickups}
          pickup={pickup}
          onPickup={setPickup}
          deliveries={deliveries}
          delivery={delivery}
          express={express}
          onDelivery={chooseDelivery}
          errors={errors}
        />
      ) : null}
      {/* With the pickers on screen the selects are neither seen nor reached. */}
      <div className={Pickers ? 'sr-only' : ''} aria-hidden={Boolean(Pickers)}>
        <div className="mt-4 grid gap-4">
          <SlotSelect
            enhanced={Boolean(Pickers)}
            id={`${id}-pickup`}
            name="pickup"
            label="Collection slot"
            value={pickup}
            placeholder={pickups === null ? 'Loading slots…' : 'Choose a collection'}
            slots={openPickups}
            error={errors.pickup}
            onChange={setPickup}
          />
          <SlotSelect
            enhanced={Boolean(Pickers)}
            id={`${id}-delivery`}
            name="delivery"
            label="Delivery slot"
            value={express ? EXPRESS : delivery}
            placeholder={deliveryPlaceholder}
            slots={openDeliveries}
            // Without JavaScript the list comes with the first submit; until then it is empty.
            disabled={!pickup || deliveries === null}
            error={errors.delivery}
            onChange={chooseDelivery}
          />
        </div>
      </div>
      {express && <ExpressByPhone phoneDisplay={phoneDisplay} phoneE164={phoneE164} />}

      <button type="submit" className="btn-primary mt-5 w-full text-base tracking-wide">
        ORDER FOR COLLECTION
      </button>
    </Form>
  );
}

/**
 * The address, door and collection a visitor typed or chose in the server's form before the
 * page hydrated: React keeps them on screen but not in its state, so they are taken over.
 * Fields the server filled in (an answer to a submit) are in state already.
 */
function typedBeforeHydration(form: HTMLFormElement | null) {
  const read = (name: string) => {
    const field = form?.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement
      ? field.value
      : '';
  };
  const manual = read('manual') === '1';
  return {
    line1: manual ? read('line1') : '',
    postcode: manual ? read('postcode') : '',
    door: read('door'),
    pickup: read('pickup'),
  };
}
