import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import type { CounterTicketView } from './ticket-summary';

/**
 * Marks a ticket ready with where its garments hang (issue 32, decision 050); the customer is
 * told by text and e-mail. On a ready ticket it moves the rack and tells nobody again.
 */
export function ReadyPanel({
  ticket,
  onDone,
}: {
  ticket: CounterTicketView;
  onDone: (ticket: CounterTicketView, message: string) => void;
}) {
  const ready = ticket.status === 'ready';
  const [rack, setRack] = useState(ticket.rack ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function save() {
    setError('');
    setBusy(true);
    const reply = await call(routes.admin.counterTicketReady, {
      params: { id: ticket.id },
      body: { rack },
    });
    setBusy(false);
    if (!reply.ok) {
      const errors = reply.error.errors as Record<string, string[]> | undefined;
      return setError(errors?.rack?.[0] ?? reply.error.message);
    }
    onDone(reply.data.ticket, reply.data.message);
  }
  return (
    <form
      className="card space-y-2 p-4"
      aria-labelledby="ready-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="ready-heading" className="text-lg font-bold">
        {ready ? 'Move to another rack' : 'Mark ready'}
      </h2>
      <label className="block">
        <span className="field-label">Rack or conveyor position</span>
        <input
          value={rack}
          onChange={(e) => setRack(e.target.value)}
          maxLength={20}
          placeholder="e.g. B12"
          aria-invalid={error ? true : undefined}
          className="field-input py-2 text-lg"
        />
      </label>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className={ready ? 'btn-secondary w-full' : 'btn-primary w-full'}
      >
        {busy ? 'Saving…' : ready ? 'Move' : 'Mark ready and tell the customer'}
      </button>
    </form>
  );
}
