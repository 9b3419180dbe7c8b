import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { isUkPostcode } from '@shared/postcode';
import { call } from '~/utils/api-client';
import { slotKey } from './booking-params';
import type { SlotChoice } from './booking-storage';

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
  return (
    <fieldset className="mt-4">
      <legend className="field-label">Your address</legend>
      <input type="hidden" name="manual" value="1" />
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-street`} className="mb-1 block text-xs text-slate-600">
            Building number and street
          </label>
          <input
            id={`${id}-street`}
            name="line1"
            className="field-input"
            placeholder="e.g. 31 Warrington Crescent"
            autoComplete="address-line1"
            value={street}
            aria-invalid={Boolean(error) && !street.trim()}
            onChange={(e) => onStreet(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-postcode`} className="mb-1 block text-xs text-slate-600">
            Postcode
          </label>
          <input
            id={`${id}-postcode`}
            name="postcode"
            className="field-input uppercase"
            placeholder="W9 1ED"
            autoComplete="postal-code"
            value={postcode}
            aria-invalid={(Boolean(postcode) && !isUkPostcode(postcode)) || undefined}
            onChange={(e) => onPostcode(e.target.value)}
            onBlur={onPostcodeDone}
          />
        </div>
      </div>
      {error && <p className="field-error">{error}</p>}
      {onSearch && (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand underline"
          onClick={onSearch}
        >
          Search for my address instead
        </button>
      )}
    </fieldset>
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
          <label htmlFor={`${id}-waitlist`} className="sr-only">
            Your e-mail, to hear when we reach your area
          </label>
          <input
            id={`${id}-waitlist`}
            type="email"
            className="field-input py-1.5"
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

/** A labelled slot select with its error. */
export function SlotSelect({
  id,
  name,
  label,
  value,
  placeholder,
  slots,
  disabled,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  slots: SlotChoice[] | null;
  disabled?: boolean;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        value={value}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {slots?.map((s) => {
          const key = s.slot_start === EXPRESS ? EXPRESS : slotKey(s);
          return (
            <option key={key} value={key}>
              {s.display}
            </option>
          );
        })}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
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
    <div className="mt-4">
      <label htmlFor={`${id}-door`} className="field-label">
        Door number
      </label>
      <input
        id={`${id}-door`}
        name="door"
        className="field-input"
        placeholder="e.g. 12 or Flat 3"
        value={door}
        aria-invalid={Boolean(error)}
        aria-describedby={
          [error ? `${id}-door-error` : '', preview ? `${id}-preview` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(e) => onDoor(e.target.value)}
      />
      {error && (
        <p id={`${id}-door-error`} className="field-error">
          {error}
        </p>
      )}
      {preview && (
        <p id={`${id}-preview`} className="mt-1.5 text-sm text-slate-600">
          Collection address: <span className="font-medium text-slate-900">{preview}</span>
        </p>
      )}
    </div>
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
