import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { FormErrors } from '~/components/form/form-errors';

/** What /newsletter's action answers (app/routes/newsletter.tsx). */
export type NewsletterReply = { ok: true; message: string } | { ok: false; errors: FormErrors };

/** The answer's sentence: the thanks, or why the address was refused. */
function noteOf(reply: NewsletterReply | undefined) {
  if (!reply) return null;
  if (reply.ok) return { ok: true, text: reply.message };
  return { ok: false, text: reply.errors.fields.email ?? reply.errors.message };
}

/**
 * The newsletter box: a plain POST to /newsletter, which works without JavaScript (the page
 * then says the answer). Hydrated, it posts in the background (a fetcher) and says the answer
 * under the box; the button waits while it is sent.
 */
export function NewsletterForm({ id, reply }: { id: string; reply?: NewsletterReply }) {
  const fetcher = useFetcher<NewsletterReply>();
  const input = useRef<HTMLInputElement>(null);
  const answer = fetcher.data ?? reply;
  const note = noteOf(answer);
  const sending = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.data?.ok && input.current) input.current.value = '';
  }, [fetcher.data]);
  return (
    <>
      <fetcher.Form method="post" action="/newsletter" className="mt-4 flex gap-2">
        <label htmlFor={id} className="sr-only">
          Your e-mail address
        </label>
        <input
          ref={input}
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={note && !note.ok ? true : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="btn-primary px-4 py-2" disabled={sending}>
          {sending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </fetcher.Form>
      {note && (
        <p
          role="status"
          className={`mt-2 text-sm ${note.ok ? 'text-emerald-300' : 'text-red-300'}`}
        >
          {note.text}
        </p>
      )}
    </>
  );
}
