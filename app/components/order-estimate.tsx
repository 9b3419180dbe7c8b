import type { z } from 'zod';
import type { orderEstimate } from '@shared/api/checkout';
import { minimumOrder } from '@shared/price-rules';

export type OrderEstimate = z.output<typeof orderEstimate>;

/**
 * What the customer said they were sending, the estimate and the price cap (issue 15), as
 * the confirmation, the customer's order and the staff's order page show them.
 */
export function OrderEstimateSummary({
  estimate,
  title,
  level = 2,
  audience = 'customer',
}: {
  estimate: OrderEstimate;
  title: string;
  level?: 2 | 3;
  audience?: 'customer' | 'staff';
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = `estimate-${level}-${audience}`;
  const atShop = estimate.items.filter((i) => i.call_for_price).map((i) => i.item_name);
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-4 text-left">
      <Heading id={id} className="font-semibold text-slate-900">
        {title}
      </Heading>
      {estimate.not_sure ? (
        <p className="mt-2 text-sm text-slate-700">
          {audience === 'staff'
            ? 'Customer was not sure what they are sending: count and price everything.'
            : 'Not sure: we count and price your items at the shop.'}
        </p>
      ) : estimate.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No items listed.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Items stated at booking</caption>
          <tbody>
            {estimate.items.map((item, i) => (
              <tr key={i} className="border-b border-slate-100 last:border-0">
                <td className="py-1 pr-3">
                  {item.quantity} × {item.item_name}
                </td>
                <td className="py-1 text-right whitespace-nowrap">
                  {item.call_for_price ? 'priced at the shop' : `£${item.line_total}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="mt-3 space-y-1 text-sm">
        {estimate.total !== null && (
          <div className="flex justify-between gap-3 font-semibold text-slate-900">
            <dt>Estimated total</dt>
            <dd data-testid="estimate-total-value">£{estimate.total}</dd>
          </div>
        )}
        {estimate.price_cap !== null && (
          <div className="flex justify-between gap-3 font-semibold text-slate-900">
            <dt>Price cap</dt>
            <dd data-testid="price-cap-value">£{estimate.price_cap}</dd>
          </div>
        )}
      </dl>
      <ul className="mt-2 space-y-1 text-xs text-slate-600">
        {estimate.minimum_applied && (
          <li>The estimate includes the {minimumOrder} minimum order.</li>
        )}
        {atShop.length > 0 && (
          <li>{atShop.join(', ')}: priced at the shop; not in the estimate.</li>
        )}
        {estimate.price_cap !== null && (
          <li>
            {audience === 'staff'
              ? `Charge the card automatically up to £${estimate.price_cap}; above that, ask the customer first.`
              : `We charge your card automatically up to £${estimate.price_cap} and ask you before charging more.`}
          </li>
        )}
      </ul>
    </section>
  );
}
