import { useState } from 'react';
import { publicRoutes as routes } from '@shared/api/public-routes';
import { parsePounds } from '@shared/money';
import { appliedCodeLabel, type AppliedCode } from '@shared/promo-discount';
import { useHydrated } from '~/components/form/use-hydrated';
import { call } from '~/utils/api-client';
import { estimateInputOf, readEstimateForm } from './estimate-form';

/** The booking's address, for a logged-in customer's check (a guest's token has its own). */
export type PromoAddress = { door_number: string; line1: string; postcode: string };

/**
 * "Promo or referral code" with Apply (issue 31, walkthrough 10). With JavaScript, Apply asks
 * POST /api/promo/check at once (the estimate as it stands, the checkout's token) and the
 * estimate shows the code's line; before, Apply posts the summary (intent `promo`) and the
 * page comes back with the line or the rule's message. The code is checked again, and its use
 * counted, when the order is placed.
 */
export function PromoField({
  code: initialCode,
  applied,
  onApplied,
  error: serverError,
  checkoutToken,
  address,
}: {
  code: string;
  applied: AppliedCode | null;
  onApplied: (applied: AppliedCode | null) => void;
  error?: string;
  checkoutToken: string;
  address: PromoAddress | null;
}) {
  const hydrated = useHydrated();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState(serverError ?? null);
  const [busy, setBusy] = useState(false);

  async function apply(form: HTMLFormElement | null) {
    if (busy || !form) return;
    setBusy(true);
    setError(null);
    const estimate = estimateInputOf(readEstimateForm(new FormData(form), 'promo'));
    const reply = await call(
      routes.checkout.checkPromoCode,
      {
        body: {
          promo_code: code,
          ...(estimate ? { estimate } : {}),
          ...(address && !checkoutToken ? { address } : {}),
        },
      },
      { checkoutToken: checkoutToken || null },
    );
    setBusy(false);
    if (!reply.ok) {
      onApplied(null);
      setError(reply.error.errors?.promo_code?.[0] ?? reply.error.message);
      return;
    }
    const d = reply.data;
    onApplied({
      code: d.code,
      source: d.source,
      kind: d.kind,
      percentOff: d.percent_off,
      amountOffPence: d.amount_off === null ? null : parsePounds(d.amount_off),
      minSpendPence: parsePounds(d.min_spend) ?? 0,
    });
    setCode(d.code);
  }

  const describedBy = ['promo_code-hint', error ? 'promo_code-error' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor="promo_code" className="field-label">
        Promo or referral code (optional)
      </label>
      <div className="flex max-w-sm gap-2">
        <input
          id="promo_code"
          name="promo_code"
          className="field-input min-w-0 flex-1 uppercase"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setCode(e.target.value);
            // A changed code is not the one applied: its line goes until Apply again.
            if (applied) onApplied(null);
            setError(null);
          }}
        />
        <button
          type="submit"
          name="intent"
          value="promo"
          className="btn-secondary shrink-0 px-4 py-2"
          disabled={busy}
          onClick={
            hydrated
              ? (event) => {
                  event.preventDefault();
                  void apply(event.currentTarget.form);
                }
              : undefined
          }
        >
          {busy ? 'Checking…' : 'Apply'}
        </button>
      </div>
      <p id="promo_code-hint" className="mt-1 text-sm text-slate-600">
        Apply shows what it takes off your estimate; the discount comes off your invoice.
      </p>
      <div aria-live="polite">
        {error ? (
          <p id="promo_code-error" className="field-error">
            {error}
          </p>
        ) : applied ? (
          <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="promo-applied">
            <span aria-hidden="true">✓ </span>
            {appliedCodeLabel(applied)} applied.
          </p>
        ) : null}
      </div>
    </div>
  );
}
