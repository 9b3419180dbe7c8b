import { routes } from '@shared/api/routes';
import type { PriceListChoices, useAdminAction } from '../ui';
import { draftOf, garmentBody, GarmentForm } from './garment-form';
import type { Garment } from './intake-data';

/** A recorded garment opened for editing: its photos, each to remove, and its fields. */
export function GarmentEdit({
  orderId,
  garment: g,
  priceList,
  errors,
  busy,
  run,
  onClose,
}: {
  orderId: string;
  garment: Garment;
  priceList: PriceListChoices;
  errors: Record<string, string[]>;
  busy: boolean;
  run: ReturnType<typeof useAdminAction>['run'];
  onClose: () => void;
}) {
  return (
    <li id={`garment-${g.id}`} className="rounded-lg border border-brand p-3">
      {g.photos.length ? (
        <ul className="mb-3 flex flex-wrap gap-3" aria-label={`Photos of ${g.tag_number}`}>
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
        onCancel={onClose}
        onSubmit={async (d) => {
          const { ok } = await run(routes.intake.editGarment, {
            params: { id: orderId, garmentId: g.id },
            body: garmentBody(d, priceList),
          });
          if (ok) onClose();
        }}
      />
    </li>
  );
}
