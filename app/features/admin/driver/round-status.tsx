import { LONDON_ZONE } from '@shared/london-zone';
import type { Refused } from './action-queue';
import { waitingText } from './action-queue';

/*
 * Issue 33: where the phone's copy of the round stands: shown from the phone without a
 * signal, actions waiting to send, and actions refused because the office changed the stop.
 */

function clock(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export function RoundStatus({
  offline,
  waiting,
  refused,
  onDismiss,
}: {
  offline: { savedAt: string } | null;
  waiting: number;
  refused: Refused[];
  onDismiss: (key: string) => void;
}) {
  return (
    <>
      {offline ? (
        <p
          data-testid="round-offline"
          className="rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm font-medium text-slate-800"
        >
          No signal: stops as of {clock(offline.savedAt)}, kept on this phone.
        </p>
      ) : null}
      {waiting > 0 ? (
        <p
          data-testid="actions-waiting"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base font-semibold text-amber-950"
        >
          {waitingText(waiting)}
        </p>
      ) : null}
      {refused.length > 0 ? (
        <section
          aria-label="Conflicts"
          className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-3"
        >
          <h2 className="text-base font-bold text-red-950">Changed by the office</h2>
          <ul className="space-y-2">
            {refused.map((r) => (
              <li
                key={r.key}
                data-testid="conflict"
                data-order={r.orderNo}
                className="rounded-lg bg-white p-3 text-sm text-red-950"
              >
                <p className="font-semibold">
                  {r.orderNo}: {r.kind === 'not-home' ? 'not home' : r.kind} not recorded
                </p>
                <p className="mt-1">{r.message}</p>
                <button
                  type="button"
                  className="mt-2 min-h-12 rounded-lg border border-red-300 px-4 font-semibold text-red-900"
                  onClick={() => onDismiss(r.key)}
                >
                  Seen
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
