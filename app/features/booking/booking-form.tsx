import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buildingNumberOf, formatAddress } from '@shared/address';
import { routes } from '@shared/api/routes';
import { isUkPostcode, normalisePostcode } from '@shared/postcode';
import { call } from '~/utils/api-client';
import { AddressSearch, type FoundAddress } from './address-search';
import {
  readBooking,
  saveBooking,
  type SelectedLocation,
  type SlotChoice,
} from './booking-storage';
type Coverage =
  | { state: 'unknown' }
  | { state: 'checking' }
  | { state: 'served'; area: string }
  | { state: 'not-served'; message: string };

const EXPRESS = 'express';
const slotKey = (s: SlotChoice) => `${s.slot_date} ${s.slot_start}`;

/**
 * The hero booking form (spec 2 'Home', 4 'Home order'): address search with a coverage
 * check, door number, collection and delivery slots, 'ORDER FOR COLLECTION'. The choice is
 * kept for checkout and shown again on return while its slots are still offered.
 */
export function BookingForm({
  heading = 'Book a free collection',
  phone,
  phoneE164,
  phoneDisplay,
}: {
  heading?: string;
  phone: string;
  phoneE164: string;
  phoneDisplay: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [restoredLabel, setRestoredLabel] = useState('');
  const [location, setLocation] = useState<SelectedLocation | null>(null);
  const [manual, setManual] = useState(false);
  const [street, setStreet] = useState('');
  const [postcode, setPostcode] = useState('');
  const [door, setDoor] = useState('');
  /** The door field holds the building number we filled in, not something typed. */
  const [doorFilled, setDoorFilled] = useState(false);
  const [coverage, setCoverage] = useState<Coverage>({ state: 'unknown' });
  const [waitlistEmail, setWaitlistEmail] = useState('');
  const [waitlistNote, setWaitlistNote] = useState('');
  const [pickups, setPickups] = useState<SlotChoice[] | null>(null);
  const [pickup, setPickup] = useState('');
  const [deliveries, setDeliveries] = useState<SlotChoice[] | null>(null);
  const [delivery, setDelivery] = useState('');
  const [express, setExpress] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const restored = useRef<ReturnType<typeof readBooking>>(null);

  // Collection slots, and the earlier choice if its collection is still offered.
  useEffect(() => {
    void call(routes.booking.pickupSlots).then((reply) => {
      const list = reply.ok ? reply.data : null;
      setPickups(list ?? []);
      const saved = readBooking();
      if (saved && list?.some((s) => slotKey(s) === slotKey(saved.details.pickup))) {
        restored.current = saved;
        setLocation(saved.location);
        setManual(saved.location.manual);
        setStreet(saved.location.manual ? saved.location.line1 : '');
        setPostcode(saved.location.manual ? saved.location.postcode : '');
        setRestoredLabel(saved.location.manual ? '' : saved.location.label);
        setDoor(saved.details.doorNumber);
        setDoorFilled(saved.details.doorNumber === buildingNumberOf(saved.location.line1));
        setPickup(slotKey(saved.details.pickup));
        void checkCoverage(saved.location.postcode);
      }
    });
  }, []);

  // Choosing a collection reloads the delivery slots for it.
  useEffect(() => {
    setDeliveries(null);
    setDelivery('');
    setExpress(false);
    if (!pickup) return;
    void call(routes.booking.deliverySlots, { params: { slot: pickup } }).then((reply) => {
      const list = reply.ok ? reply.data : null;
      setDeliveries(list ?? []);
      const saved = restored.current;
      if (saved && list?.some((s) => slotKey(s) === slotKey(saved.details.delivery))) {
        setDelivery(slotKey(saved.details.delivery));
      }
      restored.current = null;
    });
  }, [pickup]);

  async function checkCoverage(code: string) {
    setCoverage({ state: 'checking' });
    const reply = await call(routes.booking.coverage, { query: { postcode: code } });
    if (!reply.ok) setCoverage({ state: 'unknown' });
    else if (reply.data.served) setCoverage({ state: 'served', area: reply.data.area.name });
    else setCoverage({ state: 'not-served', message: reply.data.message });
  }

  function choose(found: FoundAddress) {
    const chosen: SelectedLocation = {
      label: found.label,
      // The building number stays in line1: a flat typed as the door never replaces it.
      line1: found.line1,
      line2: '',
      town: found.town,
      postcode: found.postcode,
      company: found.company,
      address_type: found.address_type,
      manual: false,
    };
    // A house's door is its building number; a flat typed by the customer is kept.
    if (found.buildingNumber && (!door.trim() || doorFilled)) {
      setDoor(found.buildingNumber);
      setDoorFilled(true);
    }
    setLocation(chosen);
    void checkCoverage(chosen.postcode);
  }

  function manualLocation(): SelectedLocation | null {
    const code = normalisePostcode(postcode);
    if (!street.trim() || !code) return null;
    return {
      label: `${street.trim()}, London, ${code}`,
      line1: street.trim(),
      line2: '',
      town: 'London',
      postcode: code,
      company: '',
      address_type: 'Residential',
      manual: true,
    };
  }

  function onDeliveryChange(value: string) {
    if (value === EXPRESS) {
      // Same day is booked by phone: the message with its "Call now" link says so. Nothing
      // dials by itself (a desktop would ask which app should open a tel: link).
      setExpress(true);
      setDelivery('');
      return;
    }
    setExpress(false);
    setDelivery(value);
  }

  /** What is missing, worked out again on every change once the visitor has tried to book. */
  function problems(): Record<string, string> {
    const where = manual ? manualLocation() : location;
    const found: Record<string, string> = {};
    if (!where) {
      found.address = manual
        ? !street.trim()
          ? 'Please enter your street'
          : 'Please enter a valid UK postcode'
        : 'Please choose your address from the list, or enter it by hand';
    }
    if (!door.trim()) found.door = 'Please enter your door number';
    if (!pickup) found.pickup = 'Please choose a collection slot';
    // Express is booked by phone: its message says so instead.
    if (!delivery && !express) found.delivery = 'Please choose a delivery slot';
    if (express) found.express = 'express';
    return found;
  }
  const errors = submitted ? problems() : {};

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const where = manual ? manualLocation() : location;
    if (Object.keys(problems()).length > 0 || !where) return;
    let served = coverage.state === 'served';
    if (manual || coverage.state === 'unknown') {
      const reply = await call(routes.booking.coverage, { query: { postcode: where.postcode } });
      served = reply.ok && reply.data.served;
      if (reply.ok && !reply.data.served) {
        setCoverage({ state: 'not-served', message: reply.data.message });
      }
    }
    if (!served) return;
    const chosenPickup = pickups?.find((s) => slotKey(s) === pickup);
    const chosenDelivery = deliveries?.find((s) => slotKey(s) === delivery);
    if (!chosenPickup || !chosenDelivery) return;
    saveBooking({
      location: where,
      details: { pickup: chosenPickup, delivery: chosenDelivery, doorNumber: door.trim() },
    });
    navigate('/customer');
  }

  const where = manual ? manualLocation() : location;
  const preview = where ? formatAddress({ ...where, door_number: door }) : '';
  return (
    <form
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

      {!manual ? (
        <div className="mt-4">
          <AddressSearch
            label="Your address or postcode"
            placeholder="e.g. W9 2HD or 12 Elgin Avenue"
            initialText={restoredLabel}
            error={errors.address}
            onPick={choose}
            onEdit={() => {
              setLocation(null);
              setCoverage({ state: 'unknown' });
            }}
            onManual={() => setManual(true)}
          />
        </div>
      ) : (
        <fieldset className="mt-4">
          <legend className="field-label">Your address</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="sm:col-span-2">
              <label htmlFor={`${id}-street`} className="mb-1 block text-xs text-slate-600">
                Building number and street
              </label>
              <input
                id={`${id}-street`}
                className="field-input"
                placeholder="e.g. 31 Warrington Crescent"
                autoComplete="address-line1"
                value={street}
                aria-invalid={Boolean(errors.address) && !street.trim()}
                onChange={(e) => setStreet(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${id}-postcode`} className="mb-1 block text-xs text-slate-600">
                Postcode
              </label>
              <input
                id={`${id}-postcode`}
                className="field-input uppercase"
                placeholder="W9 1ED"
                autoComplete="postal-code"
                value={postcode}
                aria-invalid={Boolean(postcode) && !isUkPostcode(postcode)}
                onChange={(e) => {
                  setPostcode(e.target.value);
                  setCoverage({ state: 'unknown' });
                }}
                onBlur={() => {
                  if (isUkPostcode(postcode)) void checkCoverage(postcode);
                }}
              />
            </div>
          </div>
          {errors.address && <p className="field-error">{errors.address}</p>}
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand underline"
            onClick={() => setManual(false)}
          >
            Search for my address instead
          </button>
        </fieldset>
      )}

      {coverage.state === 'served' && (
        <p className="mt-2 text-sm font-medium text-emerald-700" role="status">
          ✓ We collect in {coverage.area}.
        </p>
      )}
      {coverage.state === 'not-served' && (
        <div
          role="alert"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <p>{coverage.message}</p>
          <p className="mt-1">
            <a href={`tel:${phoneE164}`} className="font-semibold text-brand underline">
              Call {phone}
            </a>
          </p>
          <div className="mt-2 flex gap-2">
            <label htmlFor={`${id}-waitlist`} className="sr-only">
              Your e-mail, to hear when we reach your area
            </label>
            <input
              id={`${id}-waitlist`}
              type="email"
              className="field-input py-1.5"
              placeholder="you@example.com"
              value={waitlistEmail}
              onChange={(e) => setWaitlistEmail(e.target.value)}
            />
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-sm"
              onClick={async () => {
                const code = manual ? postcode : (location?.postcode ?? '');
                const reply = await call(routes.booking.joinWaitlist, {
                  body: { email: waitlistEmail, postcode: code },
                });
                setWaitlistNote(reply.ok ? reply.data.message : reply.error.message);
              }}
            >
              Tell me
            </button>
          </div>
          {waitlistNote && (
            <p className="mt-2" role="status">
              {waitlistNote}
            </p>
          )}
        </div>
      )}

      <div className="mt-4">
        <label htmlFor={`${id}-door`} className="field-label">
          Door number
        </label>
        <input
          id={`${id}-door`}
          className="field-input"
          placeholder="e.g. 12 or Flat 3"
          value={door}
          aria-invalid={Boolean(errors.door)}
          aria-describedby={
            [errors.door ? `${id}-door-error` : '', preview ? `${id}-preview` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => {
            setDoor(e.target.value);
            setDoorFilled(false);
          }}
        />
        {errors.door && (
          <p id={`${id}-door-error`} className="field-error">
            {errors.door}
          </p>
        )}
        {preview && (
          <p id={`${id}-preview`} className="mt-1.5 text-sm text-slate-600">
            Collection address: <span className="font-medium text-slate-900">{preview}</span>
          </p>
        )}
      </div>

      <div className="mt-4 grid gap-4">
        <div>
          <label htmlFor={`${id}-pickup`} className="field-label">
            Collection slot
          </label>
          <select
            id={`${id}-pickup`}
            className="field-input"
            value={pickup}
            aria-invalid={Boolean(errors.pickup)}
            aria-describedby={errors.pickup ? `${id}-pickup-error` : undefined}
            onChange={(e) => setPickup(e.target.value)}
          >
            <option value="">{pickups === null ? 'Loading slots…' : 'Choose a collection'}</option>
            {pickups?.map((s) => (
              <option key={slotKey(s)} value={slotKey(s)}>
                {s.display}
              </option>
            ))}
          </select>
          {errors.pickup && (
            <p id={`${id}-pickup-error`} className="field-error">
              {errors.pickup}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-delivery`} className="field-label">
            Delivery slot
          </label>
          <select
            id={`${id}-delivery`}
            className="field-input"
            value={express ? EXPRESS : delivery}
            disabled={!pickup}
            aria-invalid={Boolean(errors.delivery)}
            aria-describedby={errors.delivery ? `${id}-delivery-error` : undefined}
            onChange={(e) => onDeliveryChange(e.target.value)}
          >
            <option value="">
              {!pickup
                ? 'Choose a collection first'
                : deliveries === null
                  ? 'Loading slots…'
                  : 'Choose a delivery'}
            </option>
            {deliveries?.map((s) => (
              <option
                key={s.slot_start === EXPRESS ? EXPRESS : slotKey(s)}
                value={s.slot_start === EXPRESS ? EXPRESS : slotKey(s)}
              >
                {s.display}
              </option>
            ))}
          </select>
          {errors.delivery && (
            <p id={`${id}-delivery-error`} className="field-error">
              {errors.delivery}
            </p>
          )}
        </div>
      </div>
      {express && (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand/20 bg-brand/5 p-3 text-sm font-medium text-slate-900"
        >
          <p>Please call us at {phoneDisplay} for same day service.</p>
          <a href={`tel:${phoneE164}`} className="btn-primary px-4 py-2 text-sm">
            Call now
          </a>
        </div>
      )}

      <button type="submit" className="btn-primary mt-5 w-full text-base tracking-wide">
        ORDER FOR COLLECTION
      </button>
    </form>
  );
}
