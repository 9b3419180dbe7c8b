import { useEffect, useId, useRef, useState } from 'react';
import { buildingNumberOf } from '@shared/address';
import type { ReplyOf } from '@shared/api/client';
import { publicRoutes as routes } from '@shared/api/public-routes';
import type { bookingApi } from '@shared/api/booking';
import { Field } from '~/components/form';
import { call } from '~/utils/api-client';

type Suggestion = ReplyOf<typeof bookingApi.findAddress, 200>['Items'][number];
type Retrieved = ReplyOf<typeof bookingApi.retrieveAddress, 200>['Items'][number];

/** An address chosen from the search, its building number kept in line1. */
export type FoundAddress = {
  /** One line for people: "7 Elgin Avenue, London, W9 2HD". */
  label: string;
  /** Building number and street: "7 Elgin Avenue". */
  line1: string;
  town: string;
  postcode: string;
  company: string;
  address_type: 'Residential' | 'Commercial';
  /** The building number alone ("7"), for the door field of a house. */
  buildingNumber: string;
};

/** The retrieved address as the forms keep it: for a business, the company apart. */
export function toFoundAddress(a: Retrieved): FoundAddress {
  const line1 = (a.Company ? a.Line2 || a.Line1 : a.Line1).trim();
  return {
    label: a.Label.replace(/\n/g, ', '),
    line1,
    town: a.City || 'London',
    postcode: a.PostalCode,
    company: a.Company,
    address_type: a.Type === 'Commercial' ? 'Commercial' : 'Residential',
    buildingNumber: a.BuildingNumber || buildingNumberOf(line1),
  };
}

/**
 * The address search of the booking form and sign-up: an editable combobox with a listbox
 * popup, as the WAI-ARIA combobox pattern describes. Focus stays in the input; the arrow keys
 * move through the suggestions (aria-activedescendant), Enter chooses, Escape closes. Search
 * starts at 2 characters, limited to GB by the server. Choosing a street ("60 Addresses")
 * lists its addresses; when nothing matches it says so and offers entry by hand.
 */
export function AddressSearch({
  label,
  placeholder,
  initialText = '',
  error,
  onPick,
  onEdit,
  onManual,
  inputClassName = 'field-input',
}: {
  label: string;
  placeholder?: string;
  initialText?: string;
  error?: string;
  onPick: (address: FoundAddress) => void;
  /** The text changed after an address was chosen: it no longer stands. */
  onEdit?: () => void;
  /** The visitor asked to type the address by hand. */
  onManual: () => void;
  inputClassName?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [container, setContainer] = useState<Suggestion | null>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState<string | null>(null);
  const [picked, setPicked] = useState(Boolean(initialText));
  const [announcement, setAnnouncement] = useState('');

  // A saved choice shown again on return (the booking form restores it after loading).
  useEffect(() => {
    if (initialText) {
      setText(initialText);
      setPicked(true);
    }
  }, [initialText]);

  useEffect(() => {
    if (picked) return;
    const query = text.trim();
    if (query.length < 2 && !container) {
      setItems([]);
      setOpen(false);
      setSearched(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      const reply = await call(routes.booking.findAddress, {
        query: { text: query, ...(container ? { container: container.Id } : {}) },
      });
      if (stale) return;
      const found = reply.ok ? reply.data.Items : [];
      setItems(found);
      setActive(-1);
      setOpen(found.length > 0);
      setSearched(query);
      setAnnouncement(
        found.length === 0
          ? ''
          : container
            ? `${found.length} addresses in ${container.Text}. Use the up and down arrows to choose.`
            : `${found.length} ${found.length === 1 ? 'result' : 'results'}. Use the up and down arrows to choose.`,
      );
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, container, picked]);

  async function choose(item: Suggestion) {
    input.current?.focus();
    if (item.Type !== 'Address') {
      // A street or building: list the addresses inside it, focus kept in the input.
      setContainer(item);
      setActive(-1);
      return;
    }
    const reply = await call(routes.booking.retrieveAddress, { params: { id: item.Id } });
    const a = reply.ok ? reply.data.Items[0] : undefined;
    if (!a) return;
    const found = toFoundAddress(a);
    setText(found.label);
    setPicked(true);
    setItems([]);
    setOpen(false);
    setActive(-1);
    setContainer(null);
    setAnnouncement(`Chosen: ${found.label}`);
    onPick(found);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (event.altKey) {
          setOpen(true);
          return;
        }
        setOpen(true);
        setActive((i) => (!open || i >= count - 1 ? 0 : i + 1));
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (event.altKey) {
          setOpen(false);
          setActive(-1);
          return;
        }
        setOpen(true);
        setActive((i) => (!open || i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter':
        if (open && active >= 0 && items[active]) {
          event.preventDefault();
          void choose(items[active]);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Home':
      case 'End':
        setActive(-1);
        return;
      default:
        return;
    }
  }

  // Keep the active option in view inside the scrolling list.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const expanded = open && items.length > 0;
  const nothingFound = !picked && !open && searched !== null && items.length === 0;
  return (
    <div>
      <Field
        id={inputId}
        label={label}
        error={error}
        className="relative"
        note={
          nothingFound ? (
            <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
              <p>
                No address found for <strong>{searched}</strong>. Check the postcode, or enter your
                address by hand.
              </p>
              <button
                type="button"
                className="mt-1 text-left font-semibold text-brand underline"
                onClick={onManual}
              >
                Enter your address by hand
              </button>
            </div>
          ) : null
        }
      >
        {(control) => (
          <>
            <input
              ref={input}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
              {...control}
              className={inputClassName}
              placeholder={placeholder}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setContainer(null);
                setActive(-1);
                if (picked) {
                  setPicked(false);
                  onEdit?.();
                }
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
              onFocus={() => {
                if (!picked && items.length > 0) setOpen(true);
              }}
            />
            <ul
              id={listId}
              role="listbox"
              aria-label={container ? `Addresses in ${container.Text}` : 'Addresses found'}
              hidden={!expanded}
              className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
            >
              {items.map((item, index) => (
                <li
                  key={item.Id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`cursor-pointer px-3 py-2 text-left text-sm ${
                    index === active ? 'bg-brand text-white' : 'text-slate-900 hover:bg-slate-100'
                  }`}
                  // Keep focus in the input: the option is chosen on click, not focused.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => void choose(item)}
                >
                  <span className="font-medium">{item.Text}</span>{' '}
                  <span className={index === active ? 'text-white/85' : 'text-slate-500'}>
                    {item.Description}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Field>
      {nothingFound ? null : (
        <button
          type="button"
          className="mt-2 text-left text-sm font-medium text-brand underline"
          onClick={onManual}
        >
          Can&apos;t find your address? Enter it by hand
        </button>
      )}
      <p aria-live="polite" className="sr-only">
        {nothingFound ? `No address found for ${searched}.` : announcement}
      </p>
    </div>
  );
}
