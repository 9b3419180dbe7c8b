import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { formatAddress } from '@shared/address';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { isUkPostcode } from '@shared/postcode';
import { call } from '~/utils/api-client';
import { ReferralLine, useReferralCode } from './referral-line';
import { typedBeforeHydration, typedLocation } from './address-location';
import type { AddressSearch as AddressSearchType, FoundAddress } from './address-search';
import { againIdOf, bookingFormProblems, type BookingFormState } from './booking-params';
import {
  ChosenAddressInputs,
  DoorField,
  ExpressByPhone,
  ManualAddress,
  NotServedPanel,
  SavedAddressWithoutScripts,
} from './booking-sections';
import { checkoutHref, openSlots, readBooking, saveBooking, slotKey } from './booking-storage';
import type { ListedSlot } from './booking-storage';
import { SlotFields } from './slot-fields';
import { useAddressState } from './use-address-state';
import { useCoverage, useDeliverySlots } from './use-booking-slots';
import {
  SavedAddressChoice,
  savedDoor,
  savedLocation,
  type SavedAddressOption,
} from './saved-address-choice';

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
  saved: savedOnServer = [],
  notes: notesOnServer = '',
  again: againOnServer = '',
  choicesInBrowser = false,
  today,
}: {
  heading?: string;
  phone: string;
  phoneE164: string;
  phoneDisplay: string;
  /** Collection slots from the page's loader, for the first render and for no JavaScript. */
  pickups?: ListedSlot[];
  server?: ServerState;
  /** Issue 18: a logged-in customer's address book, the most recent first. */
  saved?: SavedAddressOption[];
  /** Issue 18: the notes of the order booked again, for the checkout's notes. */
  notes?: string;
  /** Issue 31: the order booked again, whose items and cap start the checkout's estimate. */
  again?: string;
  /**
   * On a shared page (decision 042): the signed-in customer's address book and the order of
   * `?again=` are asked for by the browser (booking-choices.ts), not rendered by the server.
   */
  choicesInBrowser?: boolean;
  /** Today's London date as the loader saw it: the slot picker's "Today" (decision 048). */
  today: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState(server?.values);
  const [saved, setSaved] = useState(savedOnServer);
  const [repeat, setRepeat] = useState(() => ({
    notes: notesOnServer,
    // Without JavaScript the checkout reads the order booked again from the page's address.
    again: againOnServer || (choicesInBrowser ? againIdOf(search) : ''),
  }));
  const { notes, again } = repeat;
  const [hydrated, setHydrated] = useState(false);
  // Not in the server's HTML: comes after hydration, typed fields serve till then (041).
  const [AddressSearch, setAddressSearch] = useState<typeof AddressSearchType | null>(null);
  const ref = useReferralCode();
  const address = useAddressState(values, saved);
  const { location, street, postcode, door } = address;
  const usingSaved = saved.find((o) => o.id === address.savedChoice) ?? null;
  const { coverage, setCoverage, checkCoverage } = useCoverage(server?.notServed);
  const [pickups, setPickups] = useState<ListedSlot[] | null>(initialPickups ?? null);
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
  /** The server's answer to a submit outranks a choice kept in the browser. */
  const fromServer = useRef(Boolean(server));
  const form = useRef<HTMLFormElement>(null);
  // Without JavaScript the address is typed by hand; the search needs scripts.
  const manual = address.manualChosen || !hydrated || !AddressSearch;
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
    address.takeTyped(typed);
    if (typed.pickup) setPickup(typed.pickup);
    const keepTyped = Object.values(typed).some(Boolean);
    void import('./address-search').then((m) => {
      address.takeTyped(typedBeforeHydration(form.current)); // typed while it came
      setAddressSearch(() => m.AddressSearch);
    });
    const query = { include_full: 'true' } as const;
    void Promise.all([
      call(routes.booking.pickupSlots, { query }),
      choicesInBrowser && document.documentElement.classList.contains('signed-in') // code for them only
        ? import('./booking-choices').then(async (m) => {
            const found = await m.fetchBookingChoices(againIdOf(window.location.search));
            return found ? m.startFromChoices(found, keepTyped) : null;
          })
        : null,
    ]).then(([reply, start]) => {
      const list = reply.ok ? reply.data : null;
      setPickups(list ?? []);
      if (start) {
        // The signed-in customer's address book and "book again", before a kept booking.
        setSaved(start.saved);
        setRepeat({ notes: start.notes, again: start.again });
        address.setSavedChoice(start.chosen);
        const entry = start.saved.find((o) => o.id === start.chosen);
        if (start.values) {
          fromServer.current = true;
          setReservedHeight(null);
          setValues(start.values);
          address.startFrom(start.values, entry);
        } else if (entry && !keepTyped) {
          setReservedHeight(null);
          address.setDoor(savedDoor(entry));
        }
        if (entry && !keepTyped) void checkCoverage(entry.postcode);
      }
      if (fromServer.current || keepTyped) return;
      const kept = readBooking();
      if (kept && openSlots(list)?.some((s) => slotKey(s) === slotKey(kept.details.pickup))) {
        restored.current = kept;
        // The address block changes anyway; the hydration's room is not kept for it.
        setReservedHeight(null);
        address.restoreKept(kept);
        setPickup(slotKey(kept.details.pickup));
        void checkCoverage(kept.location.postcode);
      }
    });
    // Once, as the page wakes: what the server rendered is the page's first state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkCoverage]);

  function choose(found: FoundAddress) {
    address.chooseFound(found);
    void checkCoverage(found.postcode);
  }

  function chooseSaved(value: string) {
    setReservedHeight(null);
    address.setSavedChoice(value);
    const option = saved.find((o) => o.id === value);
    address.setDoor(option ? savedDoor(option) : '');
    address.setDoorFilled(false);
    if (option) void checkCoverage(option.postcode);
    else setCoverage({ state: 'unknown' });
  }

  /** The address booked: the saved one chosen, the one typed, or the one found. */
  const chosenLocation = () =>
    usingSaved
      ? savedLocation(usingSaved)
      : manual
        ? typedLocation(street, postcode, values)
        : location;

  /** What is missing, worked out again on every change once the visitor has tried to book. */
  const problems = () =>
    bookingFormProblems({
      manual: manual && !usingSaved,
      hasAddress: Boolean(chosenLocation()),
      street,
      door,
      pickup,
      delivery,
      express,
    });
  // After a submit without JavaScript the server's messages stand until the next try.
  const errors = submitted ? problems() : (server?.errors ?? {});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const where = chosenLocation();
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
    // A window with a place only (the lists have full ones too).
    const chosenPickup = pickups?.find((s) => !s.full && slotKey(s) === pickup);
    const chosenDelivery = deliveries?.find((s) => !s.full && slotKey(s) === delivery);
    if (!chosenPickup || !chosenDelivery) return;
    const choice = {
      location: where,
      details: { pickup: chosenPickup, delivery: chosenDelivery, doorNumber: door.trim() },
      ...(notes ? { notes } : {}),
      ...(again ? { again } : {}),
      ...(ref ? { ref } : {}),
    };
    saveBooking(choice);
    navigate(checkoutHref(choice));
  }

  const where = chosenLocation();
  const preview = where ? formatAddress({ ...where, door_number: door }) : '';
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
        <SavedAddressChoice
          id={id}
          options={saved}
          chosen={address.savedChoice}
          onChoose={chooseSaved}
        />
      ) : null}
      {choicesInBrowser ? <SavedAddressWithoutScripts /> : null}
      {notes ? <input type="hidden" name="notes" value={notes} /> : null}
      {again ? <input type="hidden" name="again" value={again} /> : null}
      {ref ? <ReferralLine code={ref} /> : null}
      <div
        ref={addressBlock}
        onPointerDown={releaseReservedHeight}
        onKeyDown={releaseReservedHeight}
        // The browser's autofill types without keys.
        onInput={releaseReservedHeight}
        style={
          reservedHeight !== null && !manual && !(usingSaved && hydrated)
            ? { minHeight: reservedHeight }
            : undefined
        }
      >
        {usingSaved && hydrated ? (
          <ChosenAddressInputs address={usingSaved} notes={usingSaved} />
        ) : !manual && AddressSearch ? (
          <div className="mt-4">
            <AddressSearch
              label="Your address or postcode"
              placeholder="e.g. W9 2HD or 12 Elgin Avenue"
              initialText={address.restoredLabel}
              error={errors.address}
              onPick={choose}
              onEdit={() => {
                address.setLocation(null);
                setCoverage({ state: 'unknown' });
              }}
              onManual={() => address.setManual(true)}
            />
            {reservedHeight !== null && (
              // In the room kept for the hand-typed address (stacked, so taller, on a phone).
              <p className="mt-2 text-sm text-slate-600 sm:hidden">
                Type your postcode or street, then choose your address from the list.
              </p>
            )}
            {location && <ChosenAddressInputs address={location} />}
          </div>
        ) : (
          <ManualAddress
            id={id}
            street={street}
            postcode={postcode}
            error={errors.address}
            onStreet={address.setStreet}
            onPostcode={(value) => {
              address.setPostcode(value);
              setCoverage({ state: 'unknown' });
            }}
            onPostcodeDone={() => {
              if (isUkPostcode(postcode)) void checkCoverage(postcode);
            }}
            onSearch={hydrated ? () => address.setManual(false) : undefined}
          />
        )}
      </div>

      {coverage.state === 'served' && (
        <p className="mt-2 text-sm font-medium text-emerald-700" role="status">
          ✓ We collect in {coverage.area}.
        </p>
      )}
      {coverage.state === 'not-served' && (
        <NotServedPanel
          id={id}
          message={coverage.message}
          postcode={
            usingSaved ? usingSaved.postcode : manual ? postcode : (location?.postcode ?? '')
          }
          phone={phone}
          phoneE164={phoneE164}
          interactive={hydrated}
        />
      )}

      {!usingSaved && where?.building ? (
        <input type="hidden" name="building" value={where.building} />
      ) : null}
      {!usingSaved && where?.access_notes ? (
        <input type="hidden" name="access_notes" value={where.access_notes} />
      ) : null}
      <DoorField
        id={id}
        door={door}
        error={errors.door}
        preview={preview}
        onDoor={(value) => {
          address.setDoor(value);
          address.setDoorFilled(false);
        }}
      />
      {where?.access_notes ? (
        <p className="mt-2 text-sm break-words text-slate-600">
          Access notes: <span className="font-medium text-slate-900">{where.access_notes}</span>
        </p>
      ) : null}

      <SlotFields
        hydrated={hydrated}
        today={today}
        pickups={pickups}
        pickup={pickup}
        onPickup={setPickup}
        deliveries={deliveries}
        delivery={delivery}
        express={express}
        onDelivery={chooseDelivery}
        errors={errors}
      />
      {express && <ExpressByPhone phoneDisplay={phoneDisplay} phoneE164={phoneE164} />}

      <button type="submit" className="btn-primary mt-5 w-full text-base tracking-wide">
        ORDER FOR COLLECTION
      </button>
    </Form>
  );
}
