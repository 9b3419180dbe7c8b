import type { CustomerGarmentsView } from '@server/use-cases/intake-report/present-intake-report';

/*
 * "Your garments" (issue 16, decision 028): every garment the shop has recorded for the
 * customer, with its latest photo, item, colour and brand, and its history: each order it
 * came in with, the treatment, the damage noted and the photos taken.
 */

export function GarmentList({ garments }: { garments: CustomerGarmentsView }) {
  if (garments.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Once we have checked in an order, each of its garments is listed here with its photos and
        its history.
      </p>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Your garments">
      {garments.map((g) => (
        <li
          key={g.id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="garment"
        >
          <div className="flex gap-4">
            {g.photo_url ? (
              <img
                src={g.photo_url}
                alt={`Latest photo of your ${g.item_name.toLowerCase()}`}
                className="h-20 w-20 shrink-0 rounded-lg border border-slate-200 object-cover"
              />
            ) : (
              <div
                aria-hidden="true"
                className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-2xl text-slate-400"
              >
                ◻
              </div>
            )}
            <div className="min-w-0">
              <h2 className="font-semibold text-slate-900">{g.item_name}</h2>
              <p className="text-sm text-slate-700">
                {[g.colour, g.brand].filter(Boolean).join(' · ') || 'No colour or brand noted'}
              </p>
              <p className="text-xs text-slate-500">
                Last tag {g.tag_number} · {g.history.length} visit
                {g.history.length === 1 ? '' : 's'}
              </p>
            </div>
          </div>
          <ol className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-sm">
            {g.history.map((h) => (
              <li key={`${h.order_id}-${h.tag_number}`} className="space-y-1">
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{h.date}</span>
                  <span className="text-slate-500">Order {h.order_no}</span>
                </p>
                <p className="text-slate-700">{h.treatment}</p>
                {h.damage_note ? (
                  <p className="rounded bg-amber-50 px-2 py-1 text-amber-900">
                    <span className="font-semibold">Damage noted: </span>
                    {h.damage_note}
                  </p>
                ) : null}
                {h.photos.length ? (
                  <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${h.date}`}>
                    {h.photos.map((p, i) => (
                      <li key={p.id}>
                        <img
                          src={p.url}
                          alt={`Photo ${i + 1} of ${h.date}`}
                          className="h-16 w-16 rounded-md border border-slate-200 object-cover"
                          loading="lazy"
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
