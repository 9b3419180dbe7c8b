import { useState } from 'react';
import type { DriverStopView } from '~/server/driver.server';
import { newKey, type KeptPhoto, type Pending } from './action-queue';
import { keptOf, NoteField, PhotoField, SaveButtons, type PhotoState } from './action-fields';

const leftWithChoices = ['Handed to customer', 'Concierge', 'Safe place', 'Neighbour'];

/** Delivering a stop: where it was left or with whom (required), a proof-of-delivery photo, a note. */
export function DeliverForm({
  stop,
  onDone,
  onCancel,
}: {
  stop: DriverStopView;
  onDone: (p: Pending, kept?: KeptPhoto) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newKey);
  const [leftWith, setLeftWith] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'none' });
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-label={`Deliver ${stop.order_no}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!leftWith.trim()) {
          setError('Please say where it was left or with whom.');
          return;
        }
        onDone(
          {
            key,
            kind: 'deliver',
            orderId: stop.order_id,
            orderNo: stop.order_no,
            body: {
              idempotency_key: key,
              left_with: leftWith.trim(),
              note: note.trim(),
              photo_id: photo.status === 'done' ? photo.id : null,
            },
          },
          keptOf(photo, 'delivery'),
        );
      }}
    >
      <fieldset>
        <legend className="field-label">Left where, or with whom</legend>
        <div className="flex flex-wrap gap-2">
          {leftWithChoices.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={leftWith === choice}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
                leftWith === choice
                  ? 'border-brand bg-brand text-white'
                  : 'border-slate-300 bg-white text-slate-800'
              }`}
              onClick={() => {
                setLeftWith(choice);
                setError('');
              }}
            >
              {choice}
            </button>
          ))}
        </div>
        <input
          aria-label="Where it was left or with whom"
          className="field-input mt-2 h-12 w-full"
          value={leftWith}
          maxLength={120}
          onChange={(e) => {
            setLeftWith(e.target.value);
            setError('');
          }}
          placeholder="Or type: behind the side gate"
        />
        {error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <PhotoField
        orderId={stop.order_id}
        kind="delivery"
        label="Proof-of-delivery photo"
        photo={photo}
        onPhoto={setPhoto}
      />
      <NoteField note={note} onNote={setNote} />
      <SaveButtons
        label="Save delivery"
        tone="bg-emerald-700"
        uploading={photo.status === 'uploading'}
        onCancel={onCancel}
      />
    </form>
  );
}
