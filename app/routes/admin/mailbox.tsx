import { listOutbox, listTexts } from '~/server/back-office.server';
import { TextList } from '~/features/admin/text-list';
import { requireStaffPage } from '~/features/admin/guard.server';
import { londonDateTime } from '~/features/admin/ui';
import type { Route } from './+types/mailbox';

/**
 * The e-mail and texts the site sent or keeps (texts since issue 17, beside the mails): owner only, as it holds every customer's e-mail. Without
 * SMTP (the demo of npm start, or MAIL_OUTBOX_ONLY=1) mail stays here and this is where it is
 * read; with SMTP it shows what went out and what is still waiting.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner']);
  const delivery = services.mail.kind;
  const messages = await listOutbox(services, { bodies: delivery === 'outbox' });
  return {
    delivery,
    texts: await listTexts(services),
    messages: messages.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      expiredAt: m.expiredAt?.toISOString() ?? null,
    })),
  };
}

export function meta() {
  return [{ title: 'Mailbox · Back office' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminMailbox({ loaderData }: Route.ComponentProps) {
  const { messages, delivery, texts } = loaderData;
  const keptTexts = texts.some((t) => t.kept_in_outbox);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Mailbox</h1>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <section aria-labelledby="mail-title" className="min-w-0 space-y-4">
          <h2 id="mail-title" className="text-lg font-semibold">
            E-mails
          </h2>
          {delivery === 'outbox' ? (
            <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">
              No SMTP server is configured: e-mails are kept here and <strong>not sent</strong> to
              customers.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              E-mails are delivered over SMTP. The newest 50 are listed with their delivery state.
            </p>
          )}
          {messages.length === 0 ? (
            <p className="text-slate-600">No messages yet.</p>
          ) : (
            <ol className="space-y-3">
              {messages.map((m) => (
                <li key={m.id} className="card p-4">
                  <details>
                    <summary className="cursor-pointer">
                      <span className="font-semibold">{m.subject}</span>
                      <span className="ml-2 text-sm text-slate-600">
                        to {m.to} · {londonDateTime(m.createdAt)} · {m.template} ·{' '}
                        {delivery === 'outbox'
                          ? 'kept in the outbox'
                          : m.sentAt
                            ? `sent ${londonDateTime(m.sentAt)}`
                            : m.expiredAt
                              ? `not sent: over a day old when it could be (expired ${londonDateTime(m.expiredAt)})`
                              : `waiting (${m.attempts} failed attempt${m.attempts === 1 ? '' : 's'})`}
                      </span>
                    </summary>
                    {m.lastError && !m.sentAt ? (
                      <p className="mt-2 text-sm text-red-800">Last error: {m.lastError}</p>
                    ) : null}
                    {m.body ? (
                      <>
                        <iframe
                          title={`E-mail: ${m.subject}`}
                          // Its links open in a new tab, outside the sandbox (no scripts run).
                          srcDoc={`<base target="_blank">${m.body.html}`}
                          sandbox="allow-popups allow-popups-to-escape-sandbox"
                          className="mt-4 h-[32rem] w-full rounded border border-slate-200 bg-white"
                        />
                        <pre
                          // Scrollable, so reachable from the keyboard.
                          tabIndex={0}
                          aria-label={`Text part: ${m.subject}`}
                          className="mt-4 overflow-x-auto text-sm whitespace-pre-wrap"
                        >
                          {m.body.text}
                        </pre>
                      </>
                    ) : null}
                  </details>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="texts-title" className="min-w-0 space-y-4">
          <h2 id="texts-title" className="text-lg font-semibold">
            Texts (SMS and WhatsApp)
          </h2>
          {keptTexts ? (
            <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">
              Texts marked <strong>kept in the outbox</strong> were <strong>not sent</strong>: no
              text provider is configured, so they are kept here.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              The newest 50 texts both ways: what we sent with its delivery state, and the
              customers’ replies.
            </p>
          )}
          {texts.length === 0 ? (
            <p className="text-slate-600">No texts yet.</p>
          ) : (
            <TextList texts={texts} showOrder />
          )}
        </section>
      </div>
    </div>
  );
}
