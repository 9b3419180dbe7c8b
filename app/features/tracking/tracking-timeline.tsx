import type { z } from 'zod';
import type { orderTrackingView } from '@shared/api/tracking';

type Tracking = z.infer<typeof orderTrackingView>;
type Step = Tracking['steps'][number];

/*
 * The customer's tracking page (issue 16, decision 029): one vertical timeline made for a
 * phone, the current step highlighted, steps to come greyed, the proof-of-delivery photo large
 * enough to recognise the door.
 */

function Dot({ step }: { step: Step }) {
  if (step.state === 'to-come') {
    return <span className="h-4 w-4 rounded-full border-2 border-slate-300 bg-white" />;
  }
  const warn = step.key === 'not-home' || step.key === 'cancelled';
  return (
    <span
      className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold text-white ${
        warn ? 'bg-amber-600' : step.state === 'current' ? 'bg-accent' : 'bg-brand'
      } ${step.state === 'current' ? 'ring-4 ring-accent/20' : ''}`}
    >
      {warn ? '!' : step.key === 'moved' ? '↻' : '✓'}
    </span>
  );
}

function StepItem({ step, last }: { step: Step; last: boolean }) {
  const current = step.state === 'current';
  const toCome = step.state === 'to-come';
  return (
    <li
      className="relative pb-6 last:pb-0"
      data-step={step.key}
      data-state={step.state}
      aria-current={current ? 'step' : undefined}
    >
      <div className="flex gap-4">
        {!last && (
          <span
            aria-hidden="true"
            className={`absolute top-7 bottom-0 left-[13px] w-0.5 ${toCome ? 'bg-slate-200' : 'bg-brand/40'}`}
          />
        )}
        <span aria-hidden="true" className="relative flex w-7 shrink-0 justify-center pt-0.5">
          <Dot step={step} />
        </span>
        <div
          className={`min-w-0 flex-1 ${
            current ? 'rounded-lg border border-accent/30 bg-orange-50 p-4 shadow-sm' : 'pt-0.5'
          }`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 className={`font-semibold ${toCome ? 'text-slate-500' : 'text-slate-900'}`}>
              {step.title}
              {toCome && <span className="sr-only"> (to come)</span>}
            </h2>
            {step.when && (
              <time dateTime={step.at ?? undefined} className="text-sm text-slate-600">
                {step.when}
              </time>
            )}
          </div>
          {step.lines.map((line) => (
            <p
              key={line}
              className={`mt-1 text-sm ${toCome ? 'text-slate-500' : 'text-slate-700'}`}
            >
              {line}
            </p>
          ))}
          {step.link && (
            <a
              href={step.link.href}
              className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline"
            >
              {step.link.label}
            </a>
          )}
        </div>
      </div>
      {step.photoUrl && (
        // The whole width of the card on a phone, so the door can be recognised.
        <figure className="mt-3 sm:ml-11">
          <img
            src={step.photoUrl}
            alt="Where your order was left"
            className="block max-h-[32rem] w-full rounded-lg border border-slate-200 bg-slate-100 object-contain"
          />
          <figcaption className="mt-1 text-sm text-slate-600">Photo taken at delivery</figcaption>
        </figure>
      )}
    </li>
  );
}

export function TrackingTimeline({ tracking, phone }: { tracking: Tracking; phone: string }) {
  const current = tracking.steps.find((s) => s.state === 'current');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="card">
        <p className="text-sm font-medium text-slate-500">
          Order {tracking.order_no}
          {tracking.postcode_district ? ` · ${tracking.postcode_district}` : ''}
        </p>
        <h1 className="page-title mt-1">
          {tracking.first_name ? `${tracking.first_name}, your order` : 'Your order'}
        </h1>
        {current && (
          <p
            className={`mt-3 inline-flex rounded-full px-3 py-1 text-sm font-semibold ${
              tracking.cancelled ? 'bg-slate-200 text-slate-800' : 'bg-brand/10 text-brand'
            }`}
          >
            {tracking.cancelled ? 'Cancelled' : `Now: ${current.title}`}
          </p>
        )}
        {tracking.live && (
          <p className="mt-3 text-sm text-slate-500">This page updates itself every minute.</p>
        )}
      </div>
      <section
        aria-label="Timeline of your order"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <ol>
          {tracking.steps.map((step, i) => (
            <StepItem key={`${step.key}-${i}`} step={step} last={i === tracking.steps.length - 1} />
          ))}
        </ol>
      </section>
      <p className="text-center text-sm text-slate-600">
        Questions about your order? Call us on{' '}
        <a className="font-semibold text-brand underline" href={`tel:${phone}`}>
          {phone}
        </a>
        .
      </p>
    </div>
  );
}
