import { routes } from '@shared/api/routes';
import { formatGbp, parsePounds } from '@shared/money';
import { minimumOrder } from '@shared/price-rules';
import { useEffect, useMemo, useState } from 'react';
import { ActionFeedback, PriceListOptions, type PriceListChoices } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';

type Line = { service_id: number; quantity: number; unit_price: string };

/** The price list says '0.00' for an item priced at the shop (call for price): staff type it. */
const pricedAtShop = (price: string | undefined) => price === '0.00';

/**
 * The order's lines from the price list, while it may be itemised (no garments recorded):
 * quantities, an agreed price for an item priced at the shop, lines added and removed, the
 * discount. A new total below what was paid waits for staff to refund or keep the difference.
 */
export function ItemsEditor({
  order,
  priceList,
  run,
  busy,
  feedback,
}: {
  order: AdminOrderView;
  priceList: PriceListChoices;
} & AdminAction) {
  const services = useMemo(
    () =>
      priceList.flatMap((c) =>
        c.services.map((s) => ({
          id: s.id,
          name: s.service_name,
          price: s.price,
          category: c.name,
        })),
      ),
    [priceList],
  );
  const [lines, setLines] = useState<Line[]>(
    order.items
      .filter((i) => i.kind === 'service' && i.service_id !== null)
      .map((i) => ({ service_id: i.service_id!, quantity: i.quantity, unit_price: i.price })),
  );
  const [discount, setDiscount] = useState(order.discount);
  // A refund raises the saved discount (decision 023): the editor follows it, or saving the
  // items afterwards would put back the old discount and charge the refund again.
  useEffect(() => setDiscount(order.discount), [order.discount]);
  const [adding, setAdding] = useState<string>('');
  /** The items waiting for a decision: the new total is below what was paid. */
  const [needsSettling, setNeedsSettling] = useState(false);

  const itemsBody = () => ({
    lines: lines.map((l) => ({
      service_id: l.service_id,
      quantity: l.quantity,
      ...(pricedAtShop(services.find((s) => s.id === l.service_id)?.price)
        ? { unit_price: l.unit_price }
        : {}),
    })),
    discount: discount || '0',
  });
  async function saveItems(settle?: 'refund' | 'credit') {
    const { reply } = await run(routes.admin.setItems, {
      params: { id: order.id },
      body: { ...itemsBody(), ...(settle ? { settle } : {}) },
    });
    setNeedsSettling(!reply.ok && reply.error.code === 'settle-required');
  }

  const preview = lines.reduce((sum, l) => {
    const listed = services.find((s) => s.id === l.service_id);
    const price = listed && !pricedAtShop(listed.price) ? listed.price : l.unit_price;
    return sum + (parsePounds(price) ?? 0) * l.quantity;
  }, 0);

  function addLine() {
    const id = Number(adding);
    if (!id) return;
    const listed = services.find((s) => s.id === id);
    setLines((ls) => [...ls, { service_id: id, quantity: 1, unit_price: listed?.price ?? '0.00' }]);
    setAdding('');
  }

  return (
    <>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2">Item</th>
            <th className="py-2">Quantity</th>
            <th className="py-2">Price (£)</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const listed = services.find((s) => s.id === line.service_id);
            const onRequest = pricedAtShop(listed?.price);
            return (
              <tr key={index} className="border-t border-slate-100">
                <td className="py-2 pr-2">{listed?.name ?? 'Unknown item'}</td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Quantity of ${listed?.name ?? 'item'}`}
                    type="number"
                    min={1}
                    className="field-input w-20 py-1.5"
                    value={line.quantity}
                    onChange={(e) =>
                      setLines((ls) =>
                        ls.map((l, i) =>
                          i === index ? { ...l, quantity: Number(e.target.value) } : l,
                        ),
                      )
                    }
                  />
                </td>
                <td className="py-2 pr-2">
                  {onRequest ? (
                    <input
                      aria-label={`Agreed price of ${listed?.name ?? 'item'}`}
                      inputMode="decimal"
                      className="field-input w-28 py-1.5"
                      value={line.unit_price === '0.00' ? '' : line.unit_price}
                      placeholder="on request"
                      onChange={(e) =>
                        setLines((ls) =>
                          ls.map((l, i) =>
                            i === index ? { ...l, unit_price: e.target.value } : l,
                          ),
                        )
                      }
                    />
                  ) : (
                    listed?.price
                  )}
                </td>
                <td className="py-2 text-right">
                  <button
                    type="button"
                    className="text-red-700 underline"
                    onClick={() => setLines((ls) => ls.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="add-item" className="field-label">
            Add from the price list
          </label>
          <select
            id="add-item"
            className="field-input"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <PriceListOptions priceList={priceList} />
          </select>
        </div>
        <button type="button" className="btn-secondary py-2.5" onClick={addLine}>
          Add item
        </button>
        <div>
          <label htmlFor="discount" className="field-label">
            Discount (£)
          </label>
          <input
            id="discount"
            inputMode="decimal"
            className="field-input w-28"
            value={discount}
            onChange={(e) => setDiscount(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn-primary py-2.5"
          disabled={busy}
          onClick={() => void saveItems()}
        >
          Save items
        </button>
      </div>
      <ActionFeedback feedback={feedback} of={[routes.admin.setItems]} />
      {needsSettling ? (
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label="Money paid above the new total"
        >
          <button
            type="button"
            className="btn-primary py-2"
            disabled={busy}
            onClick={() => void saveItems('refund')}
          >
            Save and refund the difference
          </button>
          <button
            type="button"
            className="btn-secondary py-2"
            disabled={busy}
            onClick={() => void saveItems('credit')}
          >
            Save and keep it as account credit
          </button>
        </div>
      ) : null}
      <p className="text-sm text-slate-500">
        Lines before saving: {formatGbp(preview)}. The server applies the discount and the{' '}
        {minimumOrder} minimum.
      </p>
    </>
  );
}
