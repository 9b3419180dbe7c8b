import { routes } from '@shared/api/routes';
import type { intakeApi } from '@shared/api/intake';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useRevalidator } from 'react-router';
import {
  FeedbackBanner,
  londonDateTime,
  PriceListOptions,
  useAdminAction,
  type PriceListChoices,
} from './ui';
import { PhotoUploadError, uploadPhoto } from './upload-photo';

/** An order's intake as GET /api/admin/orders/:id/garments shows it. */
export type IntakeData = Omit<z.infer<(typeof intakeApi.garments.replies)[200]>, 'status'>;
type Garment = IntakeData['garments'][number];
type PriceList = PriceListChoices;

type Draft = {
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

const emptyDraft = (tag: string): Draft => ({
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

const draftOf = (g: Garment): Draft => ({
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

/**
 * Intake at the counter (decision 027), on a phone or a desktop: add a garment (item from the
 * price list, tag prefilled with the next free one, colour, brand, treatment, damage,
 * pockets), link a returning garment, the list of garments, edit and remove, the label sheet.
 */
export function IntakePanel({
  orderId,
  intake,
  priceList,
  care = [],
}: {
  orderId: string;
  intake: IntakeData;
  priceList: PriceList;
  /** Issue 18: the customer's garment care preferences, in words. */
  care?: string[];
}) {
  const { run, busy, feedback, setFeedback } = useAdminAction();
  const revalidator = useRevalidator();
  const [photos, setPhotos] = useState<File[]>([]);
  const [damagePhoto, setDamagePhoto] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Bumped to empty the file inputs once their photos are sent. */
  const [inputsKey, setInputsKey] = useState(0);

  /** Sends photos of a saved garment, then shows them; says which one was refused and why. */
  async function sendPhotos(
    orderGarmentId: number,
    files: { file: File; kind: 'garment' | 'damage' }[],
    saved: string,
  ) {
    if (!files.length) return;
    setUploading(true);
    const refused: string[] = [];
    for (const { file, kind } of files) {
      try {
        await uploadPhoto(orderId, kind, file, orderGarmentId);
      } catch (error) {
        refused.push(
          `${file.name || 'A photo'}: ${error instanceof PhotoUploadError ? error.message : 'it could not be sent, please try again.'}`,
        );
      }
    }
    setUploading(false);
    await revalidator.revalidate();
    const sent = files.length - refused.length;
    setFeedback({
      ok: refused.length === 0,
      text: `${saved} ${sent} ${sent === 1 ? 'photo' : 'photos'} added.`,
      ...(refused.length ? { errors: { photos: refused } } : {}),
    });
  }
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(intake.suggested_tag));
  const [editing, setEditing] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const errors = feedback && !feedback.ok ? (feedback.errors ?? {}) : {};

  // A scanned tag opens the page at #garment-N: show that garment.
  useEffect(() => {
    const show = () => {
      const match = /^#garment-(\d+)$/.exec(window.location.hash);
      if (!match) return;
      const id = Number(match[1]);
      setHighlight(id);
      document.getElementById(`garment-${id}`)?.scrollIntoView({ block: 'center' });
    };
    show();
    window.addEventListener('hashchange', show);
    return () => window.removeEventListener('hashchange', show);
  }, [intake.garments.length]);

  const onRequest = (serviceId: string) =>
    priceList.flatMap((c) => c.services).find((s) => String(s.id) === serviceId)?.price === '0.00';

  const bodyOf = (d: Draft) => ({
    tag_number: d.tag_number,
    service_id: d.service_id,
    ...(onRequest(d.service_id) ? { unit_price: d.unit_price } : {}),
    colour: d.colour,
    brand: d.brand,
    treatment: d.treatment,
    damage_note: d.damage_note,
    pocket_note: d.pocket_note,
  });

  async function add() {
    const { ok, reply } = await run(routes.intake.recordGarment, {
      params: { id: orderId },
      body: {
        ...bodyOf(draft),
        tag_number: draft.tag_number || undefined,
        garment_id: draft.garment_id || null,
      },
    });
    if (!ok || !reply.ok) return;
    setDraft(emptyDraft(''));
    const files = [
      ...photos.map((file) => ({ file, kind: 'garment' as const })),
      ...(damagePhoto ? [{ file: damagePhoto, kind: 'damage' as const }] : []),
    ];
    setPhotos([]);
    setDamagePhoto(null);
    setInputsKey((k) => k + 1);
    await sendPhotos(reply.data.garment.id, files, reply.data.message);
  }

  // After a save the loader brings the next free tag: it replaces an empty tag or the last
  // suggestion (never one staff typed).
  const needsTag = draft.tag_number === '';
  const lastSuggested = useRef(intake.suggested_tag);
  useEffect(() => {
    setDraft((d) =>
      d.tag_number === '' || d.tag_number === lastSuggested.current
        ? { ...d, tag_number: intake.suggested_tag }
        : d,
    );
    lastSuggested.current = intake.suggested_tag;
  }, [needsTag, intake.suggested_tag]);

  return (
    <section className="card space-y-4" aria-labelledby="intake-title" id="intake">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="intake-title" className="text-lg font-semibold">
            Intake <span className="text-slate-500">({intake.garments.length})</span>
          </h2>
          <p className="text-sm text-slate-600">
            Each garment with its tag; the invoice lines are made from them.
          </p>
          {care.length > 0 ? (
            <p className="mt-1 text-sm font-medium text-sky-900">
              Customer’s care: {care.join(' · ')}
            </p>
          ) : null}
        </div>
        {intake.garments.length ? (
          <a
            href={`/admin/orders/${orderId}/labels`}
            target="_blank"
            rel="noreferrer"
            className="btn-secondary inline-flex min-h-11 items-center py-2"
          >
            Print labels (PDF)
          </a>
        ) : null}
      </div>
      <FeedbackBanner feedback={feedback} />

      {intake.garments.length ? (
        <ol className="grid gap-3 md:grid-cols-2" aria-label="Garments">
          {intake.garments.map((g) =>
            editing === g.id ? (
              <li key={g.id} id={`garment-${g.id}`} className="rounded-lg border border-brand p-3">
                {g.photos.length ? (
                  <ul
                    className="mb-3 flex flex-wrap gap-3"
                    aria-label={`Photos of ${g.tag_number}`}
                  >
                    {g.photos.map((p, i) => (
                      <li key={p.id} className="flex w-24 flex-col items-center gap-1">
                        <img
                          src={p.url}
                          alt={`${p.kind === 'damage' ? 'Damage photo' : 'Photo'} ${i + 1} of ${g.tag_number}`}
                          className={`h-24 w-24 rounded object-cover ${p.kind === 'damage' ? 'ring-2 ring-red-400' : ''}`}
                        />
                        <button
                          type="button"
                          className="min-h-11 px-2 text-sm text-red-700 underline"
                          disabled={busy}
                          onClick={() => {
                            if (!window.confirm(`Remove this photo of ${g.tag_number}?`)) return;
                            void run(routes.photos.remove, { params: { id: p.id } });
                          }}
                        >
                          Remove photo
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <GarmentForm
                  idPrefix={`edit-${g.id}`}
                  draft={draftOf(g)}
                  priceList={priceList}
                  errors={errors}
                  busy={busy}
                  submitLabel="Save garment"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (d) => {
                    const { ok } = await run(routes.intake.editGarment, {
                      params: { id: orderId, garmentId: g.id },
                      body: bodyOf(d),
                    });
                    if (ok) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <GarmentCard
                key={g.id}
                garment={g}
                highlighted={highlight === g.id}
                actions={
                  intake.open ? (
                    <div className="flex flex-wrap gap-2">
                      <label className="btn-secondary inline-flex min-h-11 cursor-pointer items-center py-2">
                        Add photo
                        <input
                          key={inputsKey}
                          type="file"
                          accept="image/*"
                          capture="environment"
                          multiple
                          className="sr-only"
                          aria-label={`Add photos of ${g.tag_number}`}
                          onChange={(e) => {
                            const files = [...(e.target.files ?? [])];
                            setInputsKey((k) => k + 1);
                            void sendPhotos(
                              g.id,
                              files.map((file) => ({ file, kind: 'garment' as const })),
                              `Garment ${g.tag_number}:`,
                            );
                          }}
                        />
                      </label>
                      <button
                        type="button"
                        className="btn-secondary min-h-11 py-2"
                        onClick={() => setEditing(g.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="min-h-11 px-3 text-sm text-red-700 underline"
                        disabled={busy}
                        onClick={() => {
                          if (!window.confirm(`Remove garment ${g.tag_number}?`)) return;
                          void run(routes.intake.removeGarment, {
                            params: { id: orderId, garmentId: g.id },
                          });
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  ) : null
                }
              />
            ),
          )}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">No garments recorded yet.</p>
      )}

      {intake.open ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
          <h3 className="mb-3 font-semibold">Add a garment</h3>
          {intake.earlier.length ? (
            <div className="mb-3">
              <label htmlFor="intake-earlier" className="field-label">
                Returning garment (optional)
              </label>
              <select
                id="intake-earlier"
                className="field-input min-h-11"
                value={draft.garment_id}
                onChange={(e) => {
                  const chosen = intake.earlier.find((x) => x.garment_id === e.target.value);
                  const service = priceList
                    .flatMap((c) => c.services)
                    .find((s) => s.service_name === chosen?.item_name);
                  setDraft((d) => ({
                    ...d,
                    garment_id: e.target.value,
                    ...(chosen
                      ? {
                          colour: chosen.colour,
                          brand: chosen.brand,
                          service_id: service ? String(service.id) : d.service_id,
                        }
                      : {}),
                  }));
                }}
              >
                <option value="">A new garment</option>
                {intake.earlier.map((x) => (
                  <option key={x.garment_id} value={x.garment_id}>
                    {[x.tag_number, x.item_name, x.colour, x.brand].filter(Boolean).join(' · ')} —
                    last seen {londonDateTime(x.last_seen)}
                  </option>
                ))}
              </select>
              <p className="mt-1 text-xs text-slate-500">
                Its history (treatments, damage notes, photos) follows it. A tag an earlier order of
                this customer used links by itself.
              </p>
            </div>
          ) : null}
          <GarmentForm
            idPrefix="intake"
            draft={draft}
            onChange={setDraft}
            priceList={priceList}
            errors={errors}
            submitLabel={uploading ? 'Sending photos…' : 'Record garment'}
            onSubmit={() => add()}
            busy={busy || uploading}
            extra={
              <>
                <div>
                  <label htmlFor="intake-photos" className="field-label">
                    Photos
                  </label>
                  <input
                    key={`p${inputsKey}`}
                    id="intake-photos"
                    type="file"
                    accept="image/*"
                    capture="environment"
                    multiple
                    className="field-input min-h-11 py-2 text-sm"
                    onChange={(e) => setPhotos([...(e.target.files ?? [])])}
                  />
                  <p className="mt-1 text-xs text-slate-500">
                    The phone&apos;s camera opens; sent once the garment is recorded.
                  </p>
                </div>
                <div>
                  <label htmlFor="intake-damage-photo" className="field-label">
                    Damage photo
                  </label>
                  <input
                    key={`d${inputsKey}`}
                    id="intake-damage-photo"
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="field-input min-h-11 py-2 text-sm"
                    onChange={(e) => setDamagePhoto(e.target.files?.[0] ?? null)}
                  />
                  <p className="mt-1 text-xs text-slate-500">A close-up of a stain or tear.</p>
                </div>
              </>
            }
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Garments are recorded once the order is collected, until it is ready.
        </p>
      )}
    </section>
  );
}

function GarmentCard({
  garment: g,
  highlighted,
  actions,
}: {
  garment: Garment;
  highlighted: boolean;
  actions: React.ReactNode;
}) {
  return (
    <li
      id={`garment-${g.id}`}
      data-testid="garment"
      className={`flex gap-3 rounded-lg border p-3 ${
        highlighted ? 'border-brand ring-2 ring-brand/40' : 'border-slate-200'
      }`}
    >
      <div className="flex shrink-0 flex-col gap-1">
        {g.photos.length ? (
          g.photos
            .slice(0, 2)
            .map((p) => (
              <img
                key={p.id}
                src={p.url}
                alt={p.kind === 'damage' ? `Damage on ${g.tag_number}` : `Garment ${g.tag_number}`}
                className={`h-16 w-16 rounded object-cover ${p.kind === 'damage' ? 'ring-2 ring-red-400' : ''}`}
              />
            ))
        ) : (
          <div className="flex h-16 w-16 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">
            No photo
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-base font-bold">{g.tag_number}</span>
          <span className="font-medium">{g.item_name}</span>
          <span className="text-slate-500">£{g.price}</span>
        </p>
        {g.colour || g.brand ? (
          <p className="text-slate-700">{[g.colour, g.brand].filter(Boolean).join(' · ')}</p>
        ) : null}
        {g.treatment ? <p className="text-slate-700">Treatment: {g.treatment}</p> : null}
        {g.damage_note ? <p className="text-red-800">Damage: {g.damage_note}</p> : null}
        {g.pocket_note ? <p className="text-amber-800">Pockets: {g.pocket_note}</p> : null}
        {g.earlier_visits ? (
          <p className="text-xs text-slate-500">
            Returning garment: {g.earlier_visits} earlier{' '}
            {g.earlier_visits === 1 ? 'visit' : 'visits'}
          </p>
        ) : null}
        {actions}
      </div>
    </li>
  );
}

function GarmentForm({
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
  extra?: React.ReactNode;
  draft: Draft;
  onChange?: (d: Draft) => void;
  priceList: PriceList;
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
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
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

/** The invoice lines of an order with garments: made from them, read-only here. */
export function IntakeLines({
  items,
}: {
  items: {
    id: number;
    kind: string;
    item_name: string;
    quantity: number;
    price: string;
    line_total: string;
  }[];
}) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        The lines come from the garments recorded at intake: edit the garments to change them.
      </p>
      <table className="w-full text-left text-sm" aria-label="Lines from intake">
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2">Item</th>
            <th className="py-2">Quantity</th>
            <th className="py-2 text-right">Price (£)</th>
          </tr>
        </thead>
        <tbody>
          {items
            .filter((i) => i.kind === 'service')
            .map((i) => (
              <tr key={i.id} className="border-t border-slate-100">
                <td className="py-2 pr-2">
                  {i.item_name}{' '}
                  <span className="ml-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs text-sky-800">
                    from intake
                  </span>
                </td>
                <td className="py-2 pr-2">{i.quantity}</td>
                <td className="py-2 text-right">{i.price}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
