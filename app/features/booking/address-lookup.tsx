import { useEffect, useId, useState } from 'react';

type Suggestion = { Id: string; Type: string; Text: string; Description: string };
type Retrieved = { Line1: string; Line2: string; PostalCode: string; Company: string };

export type PickedAddress = {
  doorNumber: string;
  street: string;
  postcode: string;
  company: string;
};

/**
 * Address search for forms other than the booking form (sign-up): from 2 characters, GB
 * only (the server's lookup), drilling into streets, and handing the chosen address back.
 */
export function AddressLookup({ onPick }: { onPick: (address: PickedAddress) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [container, setContainer] = useState<string | undefined>();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [picked, setPicked] = useState(false);

  useEffect(() => {
    if (picked || (text.trim().length < 2 && !container)) {
      setItems([]);
      return;
    }
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({ text: text.trim() });
      if (container) params.set('container', container);
      const reply = await fetch(`/api/address/find?${params}`).catch(() => null);
      const body = (await reply?.json().catch(() => null)) as { Items?: Suggestion[] } | null;
      setItems(body?.Items ?? []);
    }, 200);
    return () => clearTimeout(timer);
  }, [text, container, picked]);

  async function choose(item: Suggestion) {
    if (item.Type !== 'Address') {
      setContainer(item.Id);
      return;
    }
    const reply = await fetch(`/api/address/retrieve/${encodeURIComponent(item.Id)}`).catch(
      () => null,
    );
    const body = (await reply?.json().catch(() => null)) as { Items?: Retrieved[] } | null;
    const a = body?.Items?.[0];
    if (!a) return;
    const line = a.Company ? a.Line2 || a.Line1 : a.Line1;
    const number = /^(\S*\d\S*)\s+(.*)$/.exec(line);
    onPick({
      doorNumber: number?.[1] ?? '',
      street: number?.[2] ?? line,
      postcode: a.PostalCode,
      company: a.Company,
    });
    setText(`${item.Text}, ${item.Description}`);
    setPicked(true);
    setItems([]);
    setContainer(undefined);
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-find`} className="field-label">
        Find your address
      </label>
      <input
        id={`${id}-find`}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        autoComplete="off"
        className="field-input"
        placeholder="Start typing your street or postcode"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPicked(false);
          setContainer(undefined);
        }}
      />
      {items.length > 0 && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Addresses found"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white shadow-lg"
        >
          {items.map((item) => (
            <li key={item.Id} role="option" aria-selected={false}>
              <button
                type="button"
                className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100"
                onClick={() => void choose(item)}
              >
                {item.Text} <span className="text-slate-500">{item.Description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
