import { data } from 'react-router';
import { listOutbox } from '@server/use-cases/list-outbox';
import type { Route } from './+types/dev-mailbox';

/**
 * The embedded e-mail default: every message the site "sent" without SMTP_URL. Off in
 * production, where it would expose customers' mail.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db, mail } = context.services;
  if (config.mode === 'production') throw data(null, { status: 404 });
  const messages = await listOutbox(db);
  return {
    delivery: mail.kind,
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export function meta() {
  return [{ title: 'Development mailbox' }, { name: 'robots', content: 'noindex' }];
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages, delivery } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <p className="inline-block rounded bg-amber-100 px-2 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
        Development default: e-mail outbox
      </p>
      <h1 className="mt-3 text-2xl font-semibold">Mailbox</h1>
      <p className="mt-2 text-slate-600">
        {delivery === 'smtp'
          ? 'SMTP is configured: these messages are also delivered.'
          : 'No SMTP_URL is set, so messages are kept here instead of being sent.'}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-600">No messages yet.</p>
      ) : (
        <ol className="mt-8 space-y-6">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{m.subject}</span>
                  <span className="ml-2 text-sm text-slate-600">
                    to {m.to} ·{' '}
                    {new Date(m.createdAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })} ·{' '}
                    {m.template}
                  </span>
                </summary>
                <iframe
                  title={`E-mail: ${m.subject}`}
                  srcDoc={m.html}
                  sandbox=""
                  className="mt-4 h-[32rem] w-full rounded border border-slate-200"
                />
                <pre className="mt-4 overflow-x-auto text-sm whitespace-pre-wrap">{m.text}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
