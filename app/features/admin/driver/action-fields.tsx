import { isTransient, type KeptPhoto } from './action-queue';
import { bigButton } from './big-button';
import { PhotoUploadError, uploadPhoto } from '../upload-photo';

/* The fields the driver's collect and deliver forms share: the photo, the note, save. */

export type PhotoState =
  | { status: 'none' }
  | { status: 'uploading' }
  | { status: 'done'; id: string; url: string }
  /** Taken without a signal: kept, and sent with the action. */
  | { status: 'kept'; file: Blob; url: string }
  | { status: 'error'; message: string };

/** The photo to keep on the phone with the action, when it could not be uploaded yet. */
export function keptOf(photo: PhotoState, kind: KeptPhoto['kind']): KeptPhoto | undefined {
  return photo.status === 'kept' ? { kind, file: photo.file } : undefined;
}

/**
 * The phone's camera (decision 025): the photo is uploaded as soon as it is taken, and its id
 * goes with the action. Saving waits while it uploads.
 */
export function PhotoField({
  orderId,
  kind,
  label,
  photo,
  onPhoto,
}: {
  orderId: string;
  kind: 'collection' | 'delivery';
  label: string;
  photo: PhotoState;
  onPhoto: (p: PhotoState) => void;
}) {
  return (
    <div>
      <p className="field-label">{label}</p>
      <label
        className={`${bigButton} w-full cursor-pointer border border-dashed border-slate-400 bg-white text-slate-800 focus-within:outline-2 focus-within:outline-brand`}
      >
        {photo.status === 'done' || photo.status === 'kept' ? 'Retake photo' : 'Take photo'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            onPhoto({ status: 'uploading' });
            try {
              const stored = await uploadPhoto(orderId, kind, file);
              onPhoto({ status: 'done', ...stored });
            } catch (error) {
              if (error instanceof PhotoUploadError && isTransient(error.code)) {
                onPhoto({ status: 'kept', file, url: URL.createObjectURL(file) });
                return;
              }
              onPhoto({
                status: 'error',
                message:
                  error instanceof Error
                    ? error.message
                    : 'The photo could not be sent. Try again.',
              });
            }
          }}
        />
      </label>
      {photo.status === 'uploading' ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          Uploading photo…
        </p>
      ) : null}
      {photo.status === 'done' || photo.status === 'kept' ? (
        <img
          src={photo.url}
          alt={`${label}, taken`}
          className="mt-2 h-32 w-full rounded-md border border-slate-200 object-cover"
        />
      ) : null}
      {photo.status === 'kept' ? (
        <p role="status" className="mt-1 text-sm font-medium text-amber-900">
          No signal: the photo is kept on this phone and sent with the action.
        </p>
      ) : null}
      {photo.status === 'error' ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {photo.message}
        </p>
      ) : null}
    </div>
  );
}

/** The free-text note of a stop action. */
export function NoteField({ note, onNote }: { note: string; onNote: (note: string) => void }) {
  return (
    <label className="block">
      <span className="field-label">Note</span>
      <input
        className="field-input h-12 w-full"
        value={note}
        onChange={(e) => onNote(e.target.value)}
        maxLength={500}
      />
    </label>
  );
}

/** Cancel and save, side by side; save waits while a photo uploads. */
export function SaveButtons({
  label,
  tone,
  uploading,
  onCancel,
}: {
  label: string;
  tone: string;
  uploading: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <button
        type="button"
        className={`${bigButton} border border-slate-300 bg-white`}
        onClick={onCancel}
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={uploading}
        className={`${bigButton} ${tone} text-white disabled:opacity-70`}
      >
        {uploading ? 'Uploading…' : label}
      </button>
    </div>
  );
}
