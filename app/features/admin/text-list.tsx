import { Link } from 'react-router';
import type { StaffTextView } from '@server/use-cases/messages/present-texts';

/** The channel as a badge: SMS and WhatsApp must never be mistaken for each other or a mail. */
export function ChannelBadge({ channel, label }: { channel: 'sms' | 'whatsapp'; label: string }) {
  const tone =
    channel === 'whatsapp'
      ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
      : 'bg-violet-100 text-violet-900 ring-violet-300';
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-bold tracking-wide uppercase ring-1 ${tone}`}
    >
      {label}
    </span>
  );
}

function StateBadge({ text }: { text: StaffTextView }) {
  const tone =
    text.direction === 'inbound'
      ? 'bg-sky-100 text-sky-900'
      : text.kept_in_outbox
        ? 'bg-amber-100 text-amber-950'
        : text.status === 'delivered' || text.status === 'sent'
          ? 'bg-emerald-50 text-emerald-800'
          : text.status === 'suppressed' ||
              text.status === 'undelivered' ||
              text.status === 'failed'
            ? 'bg-red-50 text-red-800'
            : 'bg-slate-100 text-slate-700';
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {text.status_label}
    </span>
  );
}

/**
 * Texts as staff read them (issue 17): the order page's and the mailbox's. Each says SMS or
 * WhatsApp, which way it went, whether it was sent or kept in the offline outbox, its status
 * and reason, and (in the mailbox) the order it belongs to.
 */
export function TextList({ texts, showOrder }: { texts: StaffTextView[]; showOrder: boolean }) {
  return (
    <ol className="space-y-3">
      {texts.map((t) => {
        const inbound = t.direction === 'inbound';
        return (
          <li
            key={t.id}
            data-testid="staff-text"
            className={`rounded-lg border p-3 text-sm ${
              inbound ? 'border-sky-200 bg-sky-50' : 'border-slate-200 bg-white'
            }`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <ChannelBadge channel={t.channel} label={t.channel_label} />
              <span className="font-semibold">
                {inbound ? `Reply from ${t.phone}` : `To ${t.phone}`}
              </span>
              <StateBadge text={t} />
            </div>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={t.at}>{t.at_display}</time>
              {inbound ? null : ` · ${t.template}`}
              {t.purpose === 'marketing' ? ' · marketing' : ''}
              {t.attempts > 0 ? ` · ${t.attempts} attempt${t.attempts === 1 ? '' : 's'}` : ''}
              {showOrder ? (
                t.order ? (
                  <>
                    {' · '}
                    <Link to={`/admin/orders/${t.order.id}`} className="text-brand underline">
                      Order {t.order.order_no}
                    </Link>
                  </>
                ) : (
                  ' · no order'
                )
              ) : null}
            </p>
            <p className="mt-2 break-words whitespace-pre-line text-slate-800">{t.body}</p>
            {t.last_error && t.status !== 'delivered' ? (
              <p className="mt-1 text-xs text-red-800">Last error: {t.last_error}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
