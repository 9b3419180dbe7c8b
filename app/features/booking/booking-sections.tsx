import { useState } from 'react';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { isUkPostcode } from '@shared/postcode';
import { AddressFields, AddressPreview, TextField } from '~/components/form';
import { call } from '~/utils/api-client';

export const EXPRESS = 'express';

/** The address typed by hand: the only way without JavaScript, a choice with it. */
export function ManualAddress({
  id,
  street,
  postcode,
  error,
  onStreet,
  onPostcode,
  onPostcodeDone,
  onSearch,
}: {
  id: string;
  street: string;
  postcode: string;
  error?: string;
  onStreet: (value: string) => void;
  onPostcode: (value: string) => void;
  onPostcodeDone: () => void;
  /** Back to the address search; absent before JavaScript runs. */
  onSearch?: () => void;
}) {
  // The form's one address message belongs to the street until there is one, then to the postcode.
  const where = street.trim() ? 'postcode' : 'line1';
  return (
    <fieldset className="mt-4">
      <legend className="field-label">Your address</legend>
      <input type="hidden" name="manual" value="1" />
      <AddressFields
        idPrefix={id}
        inline
        values={{ line1: street, postcode }}
        errors={error ? { [where]: error } : {}}
        invalid={{ postcode: Boolean(postcode) && !isUkPostcode(postcode) }}
        onChange={(field, value) => (field === 'line1' ? onStreet(value) : onPostcode(value))}
        onPostcodeBlur={onPostcodeDone}
        onSearch={onSearch}
      />
    </fieldset>
  );
}

/** An address chosen from the search or the address book, as the form posts it. */
export function ChosenAddressInputs({
  address,
  notes,
}: {
  address: {
    line1: string;
    postcode: string;
    town: string;
    company: string;
    address_type: string;
  };
  /** A saved address's building and access notes, as they were entered. */
  notes?: { building: string; access_notes: string };
}) {
  return (
    <>
      <input type="hidden" name="manual" value="0" />
      <input type="hidden" name="line1" value={address.line1} />
      <input type="hidden" name="postcode" value={address.postcode} />
      <input type="hidden" name="town" value={address.town} />
      <input type="hidden" name="company" value={address.company} />
      <input type="hidden" name="address_type" value={address.address_type} />
      {notes && (
        <>
          <input type="hidden" name="building" value={notes.building} />
          <input type="hidden" name="access_notes" value={notes.access_notes} />
        </>
      )}
    </>
  );
}

/** Outside the served areas: the phone number, and (with JavaScript) an e-mail to hear back. */
export function NotServedPanel({
  id,
  message,
  postcode,
  phone,
  phoneE164,
  interactive,
}: {
  id: string;
  message: string;
  postcode: string;
  phone: string;
  phoneE164: string;
  interactive: boolean;
}) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  return (
    <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>{message}</p>
      <p className="mt-1">
        <a href={`tel:${phoneE164}`} className="font-semibold text-brand underline">
          Call {phone}
        </a>
      </p>
      {interactive && (
        <div className="mt-2 flex gap-2">
          <TextField
            id={`${id}-waitlist`}
            label="Your e-mail, to hear when we reach your area"
            labelClassName="sr-only"
            fieldClassName="min-w-0 flex-1"
            type="email"
            className="py-1.5"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-sm"
            onClick={async () => {
              const reply = await call(routes.booking.joinWaitlist, { body: { email, postcode } });
              setNote(reply.ok ? reply.data.message : reply.error.message);
            }}
          >
            Tell me
          </button>
        </div>
      )}
      {note && (
        <p className="mt-2" role="status">
          {note}
        </p>
      )}
    </div>
  );
}

/** The door number, with what the collection address will read once it is filled in. */
export function DoorField({
  id,
  door,
  error,
  preview,
  onDoor,
}: {
  id: string;
  door: string;
  error?: string;
  /** The whole address as the driver will read it, or '' while it is incomplete. */
  preview: string;
  onDoor: (value: string) => void;
}) {
  return (
    <TextField
      id={`${id}-door`}
      name="door"
      label="Door number"
      fieldClassName="mt-4"
      placeholder="e.g. 12 or Flat 3"
      value={door}
      error={error}
      note={preview ? <AddressPreview lead="Collection address" address={preview} /> : null}
      onChange={(e) => onDoor(e.target.value)}
    />
  );
}

/** Same-day delivery is booked by phone: the message and its "Call now" link. */
export function ExpressByPhone({
  phoneDisplay,
  phoneE164,
}: {
  phoneDisplay: string;
  phoneE164: string;
}) {
  return (
    <div
      role="alert"
      className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand/20 bg-brand/5 p-3 text-sm font-medium text-slate-900"
    >
      <p>Please call us at {phoneDisplay} for same day service.</p>
      <a href={`tel:${phoneE164}`} className="btn-primary px-4 py-2 text-sm">
        Call now
      </a>
    </div>
  );
}

/**
 * A shared page's form has no address book in its HTML (decision 042): without scripts a
 * signed-in customer leaves the address empty and the checkout offers theirs.
 */
export function SavedAddressWithoutScripts() {
  return (
    <noscript>
      <p className="mt-3 text-sm text-slate-600">
        Signed in? Leave the address empty to use your saved address.
      </p>
    </noscript>
  );
}
