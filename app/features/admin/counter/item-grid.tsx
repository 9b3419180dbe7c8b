import { useState } from 'react';
import type { PriceCategory, PriceItem } from './ticket-state';
import { pounds } from './ticket-state';

/**
 * The price list as a touch grid (issue 32): a tab per category, an item per tile; a tap (or
 * Enter on a focused tile) adds one to the ticket.
 */
export function ItemGrid({
  categories,
  onAdd,
}: {
  categories: PriceCategory[];
  onAdd: (item: PriceItem) => void;
}) {
  const [open, setOpen] = useState(categories[0]?.id ?? 0);
  const category = categories.find((c) => c.id === open) ?? categories[0];
  return (
    <section aria-labelledby="price-list" className="card flex min-h-0 flex-col p-4">
      <h2 id="price-list" className="sr-only">
        Price list
      </h2>
      <div role="tablist" aria-label="Categories" className="flex flex-wrap gap-1.5">
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === category?.id}
            onClick={() => setOpen(c.id)}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold transition-colors ${c.id === category?.id ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        aria-label={category?.name}
        className="mt-3 grid grid-cols-3 gap-2 overflow-y-auto pr-1 lg:grid-cols-4"
      >
        {category?.items.map((item) => (
          <button
            key={item.id}
            type="button"
            onClick={() => onAdd(item)}
            className="flex min-h-20 flex-col justify-between rounded-lg border border-slate-200 bg-slate-50 p-2.5 text-left transition hover:border-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand active:scale-[0.98]"
          >
            <span className="text-sm leading-snug font-medium text-slate-900">{item.name}</span>
            <span
              className={`mt-1 text-sm font-semibold tabular-nums ${item.pricePence > 0 ? 'text-brand' : 'text-amber-700'}`}
            >
              {item.pricePence > 0 ? pounds(item.pricePence) : 'Price at counter'}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
