import { useState, useTransition } from 'react';
import { useRevalidator } from 'react-router';
import type { CallArgs, Route } from '@shared/api/client';
import { isOrderStatus, type OrderStatus } from '@shared/order-status';
import { LONDON_ZONE } from '@shared/london-zone';
import { call } from '~/utils/api-client';

export function StatusPill({ status }: { status: string }) {
  const tone: Record<OrderStatus, string> = {
    pending: 'bg-sky-100 text-sky-900',
    'pending payment': 'bg-amber-100 text-amber-900',
    collected: 'bg-indigo-100 text-indigo-900',
    cleaning: 'bg-violet-100 text-violet-900',
    ready: 'bg-teal-100 text-teal-900',
    'out for delivery': 'bg-orange-100 text-orange-900',
    delivered: 'bg-emerald-100 text-emerald-900',
    cancelled: 'bg-slate-200 text-slate-700',
  };
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap uppercase ${isOrderStatus(status) ? tone[status] : 'bg-slate-100'}`}
    >
      {status}
    </span>
  );
}

export type Feedback = {
  ok: boolean;
  text: string;
  errors?: Record<string, string[]>;
  /** The endpoint that answered: the answer shows beside the action that called it. */
  at?: unknown;
} | null;

/**
 * Calls the admin API and reloads the page's data when it worked; keeps the server's message
 * (and field errors) for the page to show. The call and the reload are one React transition
 * (docs/decisions/041): `busy` holds until the page shows the new data, so a button it
 * disables cannot be pressed again on the old data.
 */
export function useAdminAction() {
  const revalidator = useRevalidator();
  const [busy, startTransition] = useTransition();
  const [feedback, setFeedback] = useState<Feedback>(null);
  function run<T extends Route>(endpoint: T, ...args: CallArgs<T>) {
    const attempt = async () => {
      const reply = await call(endpoint, ...args);
      if (reply.ok) {
        // Most replies say `status: true`; a charge the bank declined says `status: false`.
        const said = reply.data as { status?: unknown; message?: unknown };
        const ok = said.status !== false;
        const text = typeof said.message === 'string' ? said.message : '';
        setFeedback({
          ok,
          text: text || (ok ? 'Saved.' : 'Something went wrong, please try again.'),
          at: endpoint,
        });
        await revalidator.revalidate();
        return { ok, reply };
      }
      setFeedback({
        ok: false,
        text: reply.error.message,
        errors: reply.error.errors,
        at: endpoint,
      });
      return { ok: false, reply };
    };
    return new Promise<Awaited<ReturnType<typeof attempt>>>((resolve, reject) => {
      startTransition(async () => {
        try {
          resolve(await attempt());
        } catch (error) {
          reject(error);
        }
      });
    });
  }
  return { run, busy, feedback, setFeedback };
}

export function FeedbackBanner({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return (
    <div
      role={feedback.ok ? 'status' : 'alert'}
      className={`rounded-md border px-4 py-3 text-sm ${
        feedback.ok
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
          : 'border-red-200 bg-red-50 text-red-900'
      }`}
    >
      {feedback.text}
      {feedback.errors && Object.keys(feedback.errors).length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(feedback.errors).map(([field, messages]) => (
            <li key={field}>{messages.join(' ')}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The answer of one of these endpoints, shown beside the buttons that call them (walkthrough
 * 5: an answer at the top of a long page is an answer nobody sees).
 */
export function ActionFeedback({ feedback, of }: { feedback: Feedback; of: readonly unknown[] }) {
  if (!feedback || !of.includes(feedback.at)) return null;
  return (
    <div className="mt-3">
      <FeedbackBanner feedback={feedback} />
    </div>
  );
}

export function londonDateTime(iso: string) {
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: LONDON_ZONE,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The order waits for its customer to approve a total above their cap (issue 15). */
export function ApprovalPill() {
  return (
    <span className="inline-block rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950 uppercase">
      awaiting approval
    </span>
  );
}

/** Booked by the customer's repeat collection (issue 18). */
export function RepeatPill() {
  return (
    <span className="inline-block rounded-full bg-violet-200 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-950 uppercase">
      repeat
    </span>
  );
}

/** The customer's latest message waits for an answer. */
export function QuestionPill() {
  return (
    <span className="inline-block rounded-full bg-sky-200 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-950 uppercase">
      question
    </span>
  );
}

/** The price list as the back office's item pickers show it: categories, then items. */
export type PriceListChoices = {
  id: number;
  name: string;
  services: { id: number; service_name: string; price: string }[];
}[];

/** The options of an item picker: "Choose an item…", then each category's items and prices. */
export function PriceListOptions({ priceList }: { priceList: PriceListChoices }) {
  return (
    <>
      <option value="">Choose an item…</option>
      {priceList.map((c) => (
        <optgroup key={c.id} label={c.name}>
          {c.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.service_name} ({s.price === '0.00' ? 'on request' : `£${s.price}`})
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
