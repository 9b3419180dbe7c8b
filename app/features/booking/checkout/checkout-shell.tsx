import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Notice } from '~/components/form/form-field';
import { useRootData } from '~/utils/root-data';
import { PROGRESS, STEP_TITLES, type CheckoutAlert } from './checkout-state';

/** The checkout's frame: its own slim header (no main navigation, spec 2), title and steps. */
export function CheckoutShell({
  step,
  alert,
  children,
}: {
  /** 1 to 3, or null before the booking is complete (no progress then). */
  step: number | null;
  alert?: CheckoutAlert | null;
  children: ReactNode;
}) {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="min-h-screen bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
          <Link to="/" className="font-bold text-brand">
            {brand.name}
          </Link>
          <a href={`tel:${brand.phoneE164}`} className="text-sm font-semibold text-brand">
            {brand.phoneDisplay}
          </a>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="page-title">Checkout</h1>
        {step !== null && <CheckoutProgress step={step} />}
        {alert && (
          <div className="mt-6">
            <Notice tone={alert.tone}>{alert.text}</Notice>
          </div>
        )}
        {children}
      </div>
    </main>
  );
}

function CheckoutProgress({ step }: { step: number }) {
  return (
    <div className="mt-6">
      <ol className="flex justify-between gap-2 text-sm font-medium text-slate-600">
        {STEP_TITLES.map((t, i) => (
          <li
            key={t}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={step === i + 1 ? 'text-brand' : ''}
          >
            {i + 1}. {t}
          </li>
        ))}
      </ol>
      <div
        role="progressbar"
        aria-label="Checkout progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={PROGRESS[step - 1]}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-accent transition-all"
          style={{ width: `${PROGRESS[step - 1]}%` }}
        />
      </div>
    </div>
  );
}
