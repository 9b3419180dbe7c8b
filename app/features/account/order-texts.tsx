import type { CustomerOrderView as CustomerOrder } from '@server/use-cases/orders/present-order-for-customer';

type Text = CustomerOrder['texts'][number];

/** The status of a text as a small coloured label. */
function TextStatus({ text }: { text: Text }) {
  const tone =
    text.status === 'delivered'
      ? 'bg-emerald-100 text-emerald-800'
      : text.status === 'undelivered' || text.status === 'failed'
        ? 'bg-red-100 text-red-800'
        : text.status === 'not-sent' || text.status === 'queued'
          ? 'bg-amber-100 text-amber-900'
          : 'bg-slate-100 text-slate-700';
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {text.status_label}
    </span>
  );
}

/**
 * Issue 17: the texts we sent about the order (SMS or WhatsApp) and the customer's replies,
 * oldest first, each with its time (London), channel and what became of it.
 */
export function OrderTexts({ order }: { order: CustomerOrder }) {
  if (order.texts.length === 0) return null;
  return (
    <section aria-labelledby={`order-${order.id}-texts`} className="space-y-3">
      <h3 id={`order-${order.id}-texts`} className="text-lg font-semibold">
        Texts about this order
      </h3>
      <ol className="space-y-3">
        {order.texts.map((t) => {
          const reply = t.direction === 'inbound';
          return (
            <li
              key={t.id}
              data-testid="order-text"
              className={`max-w-xl rounded-lg border px-4 py-3 text-sm ${
                reply ? 'ml-auto border-sky-200 bg-sky-50' : 'border-slate-200 bg-white'
              }`}
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span className="font-semibold text-slate-700">
                  {reply ? `Your ${t.channel_label} reply` : `${t.channel_label} from us`}
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={t.at}>{t.at_display}</time>
                {reply ? null : <TextStatus text={t} />}
              </p>
              <p className="mt-1.5 break-words whitespace-pre-line text-slate-800">{t.body}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
