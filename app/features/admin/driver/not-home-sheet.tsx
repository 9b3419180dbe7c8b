import { useEffect, useRef, useState } from 'react';
import type { DriverStopView } from '~/server/driver.server';
import { newKey, type Pending } from './action-queue';
import { bigButton } from './big-button';

/**
 * "Not home" asks first (issue 31): one sheet names the door and the customer who will be
 * texted, and nothing is queued or sent until the driver confirms. Back closes it.
 */
export function NotHomeSheet({
  stop,
  onDone,
  onCancel,
}: {
  stop: DriverStopView;
  onDone: (p: Pending) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newKey);
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => sheet.current?.focus(), []);
  const firstName = stop.customer_name.trim().split(/\s+/)[0] || 'the customer';
  const titleId = `not-home-${stop.leg}-${stop.order_id}`;
  return (
    <div
      ref={sheet}
      role="group"
      tabIndex={-1}
      aria-labelledby={titleId}
      className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 outline-none"
    >
      <p id={titleId} className="font-semibold text-amber-950">
        Nobody home at {stop.first_line}? We will text {firstName} a link to choose a new time.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button
          type="button"
          className={`${bigButton} bg-amber-700 text-white`}
          onClick={() =>
            onDone({
              key,
              kind: 'not-home',
              orderId: stop.order_id,
              orderNo: stop.order_no,
              body: { idempotency_key: key, leg: stop.leg },
            })
          }
        >
          Yes, not home
        </button>
        <button
          type="button"
          className={`${bigButton} border border-slate-400 bg-white text-slate-900`}
          onClick={onCancel}
        >
          Back
        </button>
      </div>
    </div>
  );
}
