import type { Sync } from './action-queue';

/** Where the queue stands: saving, saved, waiting for a signal, or refused. */
export function SyncBar({ sync }: { sync: Sync }) {
  if (sync.state === 'idle') return null;
  const tone = {
    saving: 'border-sky-200 bg-sky-50 text-sky-900',
    saved: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    retrying: 'border-amber-300 bg-amber-50 text-amber-900',
    error: 'border-red-200 bg-red-50 text-red-900',
  }[sync.state];
  return (
    <p
      role={sync.state === 'error' ? 'alert' : 'status'}
      data-sync={sync.state}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${tone}`}
    >
      {sync.text}
    </p>
  );
}
