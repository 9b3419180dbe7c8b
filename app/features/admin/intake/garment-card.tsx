import type { ReactNode } from 'react';
import { routes } from '@shared/api/routes';
import type { useAdminAction } from '../ui';
import type { GarmentPhotos } from './garment-photos';
import type { Garment } from './intake-data';

/** A recorded garment: its photos, tag, item, price and notes, and what staff may do with it. */
export function GarmentCard({
  garment: g,
  highlighted,
  actions,
}: {
  garment: Garment;
  highlighted: boolean;
  actions: ReactNode;
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

/** What staff may do with a recorded garment while intake is open: photos, edit, remove. */
export function GarmentActions({
  orderId,
  garment: g,
  busy,
  run,
  photos: { inputsKey, emptyInputs, sendPhotos },
  onEdit,
}: {
  orderId: string;
  garment: Garment;
  busy: boolean;
  run: ReturnType<typeof useAdminAction>['run'];
  photos: GarmentPhotos;
  onEdit: () => void;
}) {
  return (
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
            emptyInputs();
            void sendPhotos(
              g.id,
              files.map((file) => ({ file, kind: 'garment' as const })),
              `Garment ${g.tag_number}:`,
            );
          }}
        />
      </label>
      <button type="button" className="btn-secondary min-h-11 py-2" onClick={onEdit}>
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
  );
}
