import { routes } from '@shared/api/routes';
import { useEffect, useRef, useState } from 'react';
import { londonDateTime, type PriceListChoices, type useAdminAction } from '../ui';
import { emptyDraft, garmentBody, GarmentForm, type Draft } from './garment-form';
import type { GarmentPhotos } from './garment-photos';
import type { IntakeData } from './intake-data';

/**
 * Adding a garment at the counter: a returning garment to link (optional), the garment's
 * fields with the tag prefilled with the next free one, and its photos, sent once it is
 * recorded.
 */
export function AddGarment({
  orderId,
  intake,
  priceList,
  errors,
  busy,
  run,
  photos: { uploading, inputsKey, emptyInputs, sendPhotos },
}: {
  orderId: string;
  intake: Pick<IntakeData, 'suggested_tag' | 'earlier'>;
  priceList: PriceListChoices;
  errors: Record<string, string[]>;
  busy: boolean;
  run: ReturnType<typeof useAdminAction>['run'];
  photos: GarmentPhotos;
}) {
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(intake.suggested_tag));
  const [photos, setPhotos] = useState<File[]>([]);
  const [damagePhoto, setDamagePhoto] = useState<File | null>(null);

  async function add() {
    const { ok, reply } = await run(routes.intake.recordGarment, {
      params: { id: orderId },
      body: {
        ...garmentBody(draft, priceList),
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
    emptyInputs();
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
                {[x.tag_number, x.item_name, x.colour, x.brand].filter(Boolean).join(' · ')} — last
                seen {londonDateTime(x.last_seen)}
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
  );
}
