import { useState } from 'react';
import { MAX_ESTIMATE_LINES } from '@shared/estimate';
import { formatGbp, MINIMUM_ORDER_PENCE } from '@shared/money';
import {
  appliedCodeLabel,
  describeOffer,
  estimateWithCode,
  type AppliedCode,
} from '@shared/promo-discount';
import { minimumOrder } from '@shared/price-rules';
import { useHydrated } from '~/components/form/use-hydrated';
import {
  capText,
  estimateFields as f,
  estimateFormErrors,
  estimateOf,
  shownCap,
  type EstimateCatalogue,
  type EstimateForm,
} from './estimate-form';

/**
 * "What are you sending?" and the price cap, inside the summary's form (issue 15). Without
 * JavaScript every button posts the form and the page comes back with the lines and the
 * estimate; with it the same controls update at once and only Place Order posts.
 */
export function EstimateSection({
  catalogue,
  initial,
  errors: serverErrors,
  applied = null,
  promoField,
}: {
  catalogue: EstimateCatalogue;
  initial: EstimateForm;
  errors: Record<string, string>;
  /** The promo or referral code applied (issue 31): its line in the estimate. */
  applied?: AppliedCode | null;
  /** The code's field and Apply, shown above the total. */
  promoField?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [form, setForm] = useState(initial);
  const [adding, setAdding] = useState({ service: '', quantity: '1' });
  const [edited, setEdited] = useState(false);
  const estimate = estimateOf(form, catalogue);
  const cap = shownCap(form, estimate);
  const withCode = applied ? estimateWithCode(applied, estimate) : null;
  const discountPence = withCode?.discountPence ?? 0;
  const afterDiscountPence = estimate.itemsPence - discountPence;
  // The server's messages until the customer changes something; then the same rules, live.
  const errors = edited ? estimateFormErrors(form) : serverErrors;
  const names = new Map(catalogue.flatMap((c) => c.services).map((s) => [s.id, s]));

  function change(next: Partial<EstimateForm>) {
    setEdited(true);
    setForm((current) => ({ ...current, ...next }));
  }
  /** With JavaScript a button acts here; before, it posts the form (its intent). */
  const local = (act: () => void) => (event: React.MouseEvent) => {
    event.preventDefault();
    act();
  };

  return (
    <section aria-labelledby="estimate-title" className="card space-y-4">
      <div>
        <h2 id="estimate-title" className="text-lg font-semibold">
          What are you sending?
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Optional. Tell us roughly what is in the bag for an estimate; we count and price
          everything at the shop.
        </p>
      </div>

      {!form.notSure && form.lines.length > 0 && (
        <ul
          aria-label="Your items"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {form.lines.map((line, index) => {
            const service = names.get(line.serviceId);
            // This line's own total (the same item may be listed twice).
            const quantity = /^\d{1,2}$/.test(line.quantity) ? Number(line.quantity) : 0;
            const linePence = service && quantity > 0 ? service.pence * quantity : null;
            const error = errors[`estimate.items.${index}.quantity`];
            const serviceError = errors[`estimate.items.${index}.service_id`];
            const name = service?.name ?? 'Item no longer on the price list';
            return (
              <li key={`${line.serviceId}-${index}`} className="p-3">
                <input type="hidden" name={f.lineService} value={line.serviceId} />
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-medium text-slate-900">{name}</p>
                    <p className="text-xs text-slate-500">
                      {service && service.pence === 0
                        ? 'Call for price: priced at the shop'
                        : service
                          ? `${formatGbp(service.pence)} each`
                          : ''}
                    </p>
                  </div>
                  <label className="flex items-center gap-2 text-sm text-slate-600">
                    <span>Qty</span>
                    <input
                      name={f.lineQuantity}
                      aria-label={`Quantity of ${name}`}
                      inputMode="numeric"
                      className="field-input w-16 px-2 py-1.5 text-center"
                      value={line.quantity}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `estimate-line-${index}-error` : undefined}
                      onChange={(e) =>
                        change({
                          lines: form.lines.map((l, i) =>
                            i === index ? { ...l, quantity: e.target.value } : l,
                          ),
                        })
                      }
                    />
                  </label>
                  <span className="w-20 text-right text-sm font-semibold whitespace-nowrap text-slate-900">
                    {service && service.pence > 0 && linePence !== null ? (
                      formatGbp(linePence)
                    ) : (
                      <span className="text-xs font-medium text-slate-500">at the shop</span>
                    )}
                  </span>
                  <button
                    type="submit"
                    name="intent"
                    value={`remove:${index}`}
                    className="rounded px-1 text-sm font-semibold text-red-700 underline"
                    aria-label={`Remove ${name}`}
                    onClick={
                      hydrated
                        ? local(() => change({ lines: form.lines.filter((_, i) => i !== index) }))
                        : undefined
                    }
                  >
                    Remove
                  </button>
                </div>
                {(error || serviceError) && (
                  <p id={`estimate-line-${index}-error`} className="field-error">
                    {error ?? serviceError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {!form.notSure && form.lines.length < MAX_ESTIMATE_LINES && (
        <div className="grid grid-cols-[1fr_auto] gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="estimate-add" className="field-label">
              Add an item from the price list
            </label>
            <select
              id="estimate-add"
              name={f.addService}
              className="field-input"
              value={adding.service}
              onChange={(e) => setAdding((a) => ({ ...a, service: e.target.value }))}
            >
              <option value="">Choose an item…</option>
              {catalogue.map((category) => (
                <optgroup key={category.name} label={category.name}>
                  {category.services.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.pence === 0 ? 'call for price' : formatGbp(s.pence)})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="estimate-add-quantity" className="field-label">
              Quantity
            </label>
            <input
              id="estimate-add-quantity"
              name={f.addQuantity}
              inputMode="numeric"
              className="field-input w-20 text-center"
              value={adding.quantity}
              onChange={(e) => setAdding((a) => ({ ...a, quantity: e.target.value }))}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="add"
            className="btn-secondary self-end py-2.5"
            onClick={
              hydrated
                ? local(() => {
                    const id = Number(adding.service);
                    if (!id) return;
                    change({
                      lines: [
                        ...form.lines,
                        { serviceId: id, quantity: adding.quantity.trim() || '1' },
                      ],
                    });
                    setAdding({ service: '', quantity: '1' });
                  })
                : undefined
            }
          >
            Add
          </button>
        </div>
      )}

      <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm">
        <input
          type="checkbox"
          name={f.notSure}
          value="yes"
          className="mt-0.5 h-4 w-4"
          checked={form.notSure}
          onChange={(e) => change({ notSure: e.target.checked })}
        />
        <span>
          <span className="font-medium text-slate-900">Not sure</span>
          <span className="block text-slate-600">
            Skip the list: we count and price your items at the shop.
          </span>
        </span>
      </label>

      {promoField}

      <div
        aria-live="polite"
        className="rounded-lg bg-slate-50 p-4"
        data-testid="estimate-total"
        role="status"
      >
        {applied && withCode?.discountPence != null && estimate.totalPence !== null ? (
          <p
            className="mb-2 flex items-baseline justify-between gap-3 border-b border-slate-200 pb-2 text-sm"
            data-testid="estimate-discount"
          >
            <span className="text-slate-700">{appliedCodeLabel(applied)}</span>
            <span className="font-semibold text-emerald-700">−{formatGbp(discountPence)}</span>
          </p>
        ) : null}
        {estimate.totalPence !== null ? (
          <>
            <p className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-slate-900">Estimated total</span>
              <span className="text-2xl font-bold text-brand">
                {formatGbp(withCode?.totalPence ?? estimate.totalPence)}
              </span>
            </p>
            {afterDiscountPence < MINIMUM_ORDER_PENCE && (
              <p className="mt-1 text-sm text-slate-700">
                Your items come to {formatGbp(afterDiscountPence)}
                {discountPence > 0 ? ' after the discount' : ''}: the {minimumOrder} minimum order
                applies.
              </p>
            )}
            {applied && withCode?.belowMinimumSpend && (
              <p className="mt-1 text-sm text-amber-900">
                {appliedCodeLabel(applied)} is for orders of {formatGbp(applied.minSpendPence)} or
                more: add items to use it.
              </p>
            )}
            {estimate.callForPrice.length > 0 && (
              <p className="mt-1 text-sm text-slate-700">
                {estimate.callForPrice.join(', ')}: priced at the shop; not in the estimate.
              </p>
            )}
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {form.notSure
                ? 'No estimate: we count and price your items at the shop.'
                : 'Add what you are sending to see an estimate, or choose “Not sure”.'}
            </p>
            {applied && (
              <p className="mt-2 text-sm text-slate-700" data-testid="estimate-discount">
                {appliedCodeLabel(applied)}: {describeOffer(applied)}, taken off your invoice.
              </p>
            )}
          </>
        )}
      </div>

      {!hydrated && (
        <button type="submit" name="intent" value="estimate" className="btn-secondary py-2">
          Update estimate
        </button>
      )}

      <div className="border-t border-slate-200 pt-4">
        <fieldset>
          <legend className="text-base font-semibold text-slate-900">Your price cap</legend>
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
            <label htmlFor="price-cap">Charge my card automatically up to</label>
            <span className="flex items-center gap-1">
              <span aria-hidden="true">£</span>
              <input
                id="price-cap"
                name={f.cap}
                inputMode="decimal"
                className="field-input w-24 py-1.5"
                value={cap}
                aria-invalid={errors.price_cap ? true : undefined}
                aria-describedby={`price-cap-rest price-cap-hint${errors.price_cap ? ' price-cap-error' : ''}`}
                onChange={(e) => change({ cap: e.target.value, capIsDefault: false })}
              />
            </span>
            <span id="price-cap-rest">; ask me above that.</span>
          </div>
          <input type="hidden" name={f.capDefault} value={capText(estimate.defaultCapPence)} />
          <p id="price-cap-hint" className="mt-2 text-sm text-slate-600">
            {estimate.totalPence !== null
              ? `Suggested: £${capText(estimate.defaultCapPence)}, your estimate rounded up to the next £5.`
              : `Suggested: £${capText(estimate.defaultCapPence)} when you are not sure.`}{' '}
            At least {minimumOrder}.
          </p>
          {errors.price_cap && (
            <p id="price-cap-error" className="field-error">
              {errors.price_cap}
            </p>
          )}
        </fieldset>
      </div>
    </section>
  );
}
