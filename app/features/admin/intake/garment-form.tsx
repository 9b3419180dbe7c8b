import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PriceListOptions, type PriceListChoices } from '../ui';
import type { Garment } from './intake-data';

/** A garment as its form holds it, before it is recorded or saved. */
export type Draft = {
  tag_number: string;
  service_id: string;
  unit_price: string;
  colour: string;
  brand: string;
  treatment: string;
  damage_note: string;
  pocket_note: string;
  garment_id: string;
};

export const emptyDraft = (tag: string): Draft => ({
  tag_number: tag,
  service_id: '',
  unit_price: '',
  colour: '',
  brand: '',
  treatment: '',
  damage_note: '',
  pocket_note: '',
  garment_id: '',
});

export const draftOf = (g: Garment): Draft => ({
  tag_number: g.tag_number,
  service_id: g.service_id ? String(g.service_id) : '',
  unit_price: g.price,
  colour: g.colour,
  brand: g.brand,
  treatment: g.treatment,
  damage_note: g.damage_note,
  pocket_note: g.pocket_note,
  garment_id: g.garment_id,
});

/** Whether the item chosen is priced at the counter ('0.00' in the price list: call for price). */
function onRequest(priceList: PriceListChoices, serviceId: string) {
  return (
    priceList.flatMap((c) => c.services).find((s) => String(s.id) === serviceId)?.price === '0.00'
  );
}

/** What the intake API takes for a draft: the agreed price only for an item priced at the counter. */
export function garmentBody(d: Draft, priceList: PriceListChoices) {
  return {
    tag_number: d.tag_number,
    service_id: d.service_id,
    ...(onRequest(priceList, d.service_id) ? { unit_price: d.unit_price } : {}),
    colour: d.colour,
    brand: d.brand,
    treatment: d.treatment,
    damage_note: d.damage_note,
    pocket_note: d.pocket_note,
  };
}

/**
 * A garment's fields: item, tag, an agreed price for an item priced at the counter, colour,
 * brand, treatment, damage and pockets. Holds its own draft, or the caller's with `onChange`.
 */
export function GarmentForm({
  idPrefix,
  draft: initial,
  onChange,
  priceList,
  errors,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  extra,
}: {
  idPrefix: string;
  extra?: ReactNode;
  draft: Draft;
  onChange?: (d: Draft) => void;
  priceList: PriceListChoices;
  errors: Record<string, string[]>;
  busy: boolean;
  submitLabel: string;
  onSubmit: (d: Draft) => Promise<void> | void;
  onCancel?: () => void;
}) {
  const [own, setOwn] = useState(initial);
  const draft = onChange ? initial : own;
  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    if (onChange) onChange(next);
    else setOwn(next);
  };
  const priced = priceList
    .flatMap((c) => c.services)
    .find((s) => String(s.id) === draft.service_id);
  const field = (
    name: keyof Draft,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${idPrefix}-${name}`}
        className="field-input min-h-11"
        value={draft[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
        {...props}
      />
      {errors[name] ? <p className="mt-1 text-sm text-red-700">{errors[name][0]}</p> : null}
    </div>
  );
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(draft);
      }}
    >
      <div className="sm:col-span-2">
        <label htmlFor={`${idPrefix}-service_id`} className="field-label">
          Item
        </label>
        <select
          id={`${idPrefix}-service_id`}
          className="field-input min-h-11"
          value={draft.service_id}
          required
          onChange={(e) => set({ service_id: e.target.value })}
        >
          <PriceListOptions priceList={priceList} />
        </select>
        {errors.service_id ? (
          <p className="mt-1 text-sm text-red-700">{errors.service_id[0]}</p>
        ) : null}
      </div>
      {field('tag_number', 'Tag number', {
        autoCapitalize: 'characters',
        autoComplete: 'off',
        spellCheck: false,
        className: 'field-input min-h-11 font-mono',
      })}
      {priced?.price === '0.00'
        ? field('unit_price', 'Agreed price (£)', { inputMode: 'decimal', placeholder: '32.00' })
        : null}
      {field('colour', 'Colour', { placeholder: 'Navy' })}
      {field('brand', 'Brand', { placeholder: 'Hugo Boss' })}
      {field('treatment', 'Treatment', { placeholder: 'Dry clean, pressed' })}
      <div className="sm:col-span-2">
        <label htmlFor={`${idPrefix}-damage_note`} className="field-label">
          Damage or stains already there
        </label>
        <textarea
          id={`${idPrefix}-damage_note`}
          rows={2}
          className="field-input"
          value={draft.damage_note}
          onChange={(e) => set({ damage_note: e.target.value })}
        />
        {errors.damage_note ? (
          <p className="mt-1 text-sm text-red-700">{errors.damage_note[0]}</p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${idPrefix}-pocket_note`} className="field-label">
          Found in pockets
        </label>
        <textarea
          id={`${idPrefix}-pocket_note`}
          rows={2}
          className="field-input"
          value={draft.pocket_note}
          onChange={(e) => set({ pocket_note: e.target.value })}
        />
        {errors.pocket_note ? (
          <p className="mt-1 text-sm text-red-700">{errors.pocket_note[0]}</p>
        ) : null}
      </div>
      {extra}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="submit"
          className="btn-primary min-h-11 flex-1 py-2 sm:flex-none"
          disabled={busy}
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn-secondary min-h-11 py-2" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
