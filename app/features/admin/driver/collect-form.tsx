import { useState } from 'react';
import type { DriverStopView } from '~/server/driver.server';
import { newKey, type KeptPhoto, type Pending } from './action-queue';
import { bigButton } from './big-button';
import { keptOf, NoteField, PhotoField, SaveButtons, type PhotoState } from './action-fields';

/** Collecting a stop: the bags (a stepper), their tag or seal numbers, a note and a photo. */
export function CollectForm({
  stop,
  onDone,
  onCancel,
}: {
  stop: DriverStopView;
  onDone: (p: Pending, kept?: KeptPhoto) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newKey);
  const [bags, setBags] = useState(1);
  const [tags, setTags] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'none' });
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-label={`Collect ${stop.order_no}`}
      onSubmit={(e) => {
        e.preventDefault();
        onDone(
          {
            key,
            kind: 'collect',
            orderId: stop.order_id,
            orderNo: stop.order_no,
            body: {
              idempotency_key: key,
              bags,
              seal_numbers: tags
                .split(/[\s,]+/)
                .map((t) => t.trim())
                .filter(Boolean),
              note: note.trim(),
              photo_id: photo.status === 'done' ? photo.id : null,
            },
          },
          keptOf(photo, 'collection'),
        );
      }}
    >
      <div>
        <p className="field-label" id={`bags-${stop.order_id}`}>
          Bags
        </p>
        <div
          className="flex items-center gap-3"
          role="group"
          aria-labelledby={`bags-${stop.order_id}`}
        >
          <button
            type="button"
            aria-label="One bag fewer"
            className={`${bigButton} w-14 border border-slate-300 bg-white text-2xl`}
            onClick={() => setBags((b) => Math.max(1, b - 1))}
          >
            −
          </button>
          <input
            aria-label="Number of bags"
            inputMode="numeric"
            className="field-input h-12 w-20 text-center text-xl font-bold"
            value={bags}
            onChange={(e) => {
              const n = Number(e.target.value.replace(/\D/g, ''));
              setBags(Math.min(30, Math.max(1, n || 1)));
            }}
          />
          <button
            type="button"
            aria-label="One bag more"
            className={`${bigButton} w-14 border border-slate-300 bg-white text-2xl`}
            onClick={() => setBags((b) => Math.min(30, b + 1))}
          >
            +
          </button>
        </div>
      </div>
      <label className="block">
        <span className="field-label">Tag or seal numbers</span>
        <input
          className="field-input h-12 w-full"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="S-1041, S-1042"
          autoComplete="off"
        />
      </label>
      <NoteField note={note} onNote={setNote} />
      <PhotoField
        orderId={stop.order_id}
        kind="collection"
        label="Collection photo"
        photo={photo}
        onPhoto={setPhoto}
      />
      <SaveButtons
        label="Save collection"
        tone="bg-brand"
        uploading={photo.status === 'uploading'}
        onCancel={onCancel}
      />
    </form>
  );
}
