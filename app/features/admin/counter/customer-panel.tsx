import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import type { CounterCustomer } from './ticket-state';

/**
 * Who the ticket is for (issue 32): found by phone, name or e-mail, or a new walk-in with a
 * name and a UK mobile (and "Text me when it is ready", ticked: the customer's text choice).
 * A ticket number typed or scanned (the scanner types it and Enter)
 * opens that order. When a walk-in's phone or e-mail is already a customer's, staff see them
 * and choose: use that customer, or a new one all the same.
 */
export function CustomerPanel({
  customer,
  onChoose,
}: {
  customer: CounterCustomer | null;
  onChoose: (customer: CounterCustomer | null) => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<CounterCustomer[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [walkIn, setWalkIn] = useState({ name: '', phone_number: '', email: '' });
  // On by default: a walk-in gives a phone precisely to hear when the ticket is ready.
  const [notifySms, setNotifySms] = useState(true);
  const [matches, setMatches] = useState<CounterCustomer[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');

  async function find() {
    setMessage('');
    const reply = await call(routes.admin.counterFind, { query: { q: query } });
    if (!reply.ok) return setMessage(reply.error.message);
    if (reply.data.ticket) {
      // A counter ticket opens its counter screen (ready, collection); an order its page.
      const { id, channel } = reply.data.ticket;
      navigate(channel === 'counter' ? `/admin/counter/tickets/${id}` : `/admin/orders/${id}`);
      return;
    }
    setFound(reply.data.customers);
  }
  async function add(confirmNew: boolean) {
    setErrors({});
    setMessage('');
    const reply = await call(routes.admin.counterWalkIn, {
      body: { ...walkIn, notify_sms: notifySms, confirm_new: confirmNew },
    });
    if (!reply.ok) {
      setErrors((reply.error.errors as Record<string, string[]>) ?? {});
      return setMessage(reply.error.message);
    }
    if (reply.data.customer) {
      setMatches([]);
      setAdding(false);
      return onChoose(reply.data.customer);
    }
    setMatches(reply.data.matches);
  }

  if (customer) {
    return (
      <div className="flex items-center gap-3 rounded-lg bg-brand/5 px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="ticket-customer">
            {customer.name}
            {customer.account ? (
              <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                Online account
              </span>
            ) : null}
          </p>
          <p className="truncate text-sm text-slate-600">
            {[customer.phone_number, customer.email].filter(Boolean).join(' · ')}
          </p>
        </div>
        <button
          type="button"
          className="text-sm font-semibold text-brand"
          onClick={() => onChoose(null)}
        >
          Change
        </button>
      </div>
    );
  }
  const field = (key: keyof typeof walkIn, label: string, type = 'text') => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input
        type={type}
        value={walkIn[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => setWalkIn({ ...walkIn, [key]: e.target.value })}
        className="field-input py-2"
      />
      {errors[key]?.map((m) => (
        <span key={m} className="field-error block">
          {m}
        </span>
      ))}
    </label>
  );
  return (
    <div className="space-y-3">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          // The scanner types into whatever has focus: the counter starts here.
          autoFocus
          aria-label="Find a customer or scan a ticket"
          placeholder="Phone, name, e-mail or ticket number"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="field-input py-2"
        />
        <button type="submit" className="btn-secondary px-4 py-2">
          Find
        </button>
      </form>
      {message ? (
        <p role="alert" className="field-error">
          {message}
        </p>
      ) : null}
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody found. Add them as a walk-in below.</p>
        ) : (
          <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {found.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onChoose(c)}
                  className="w-full px-3 py-2 text-left hover:bg-slate-50"
                >
                  <span className="font-medium">{c.name}</span>{' '}
                  <span className="text-sm text-slate-600">
                    {[c.phone_number, c.email].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {adding ? (
        <form
          className="space-y-2 rounded-lg border border-slate-200 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void add(false);
          }}
        >
          <div className="grid grid-cols-2 gap-2">
            {field('name', 'Name')}
            {field('phone_number', 'Mobile', 'tel')}
          </div>
          {field('email', 'E-mail (optional)', 'email')}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={notifySms}
              onChange={(e) => setNotifySms(e.target.checked)}
              className="h-5 w-5 accent-brand"
            />
            Text me when it is ready
          </label>
          {matches.length > 0 ? (
            <div role="alert" className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
              <p className="font-semibold">Already a customer with this phone or e-mail:</p>
              <ul className="mt-1 space-y-1">
                {matches.map((m) => (
                  <li key={m.id} className="flex items-center justify-between gap-2">
                    <span>
                      {m.name} · {m.phone_number}
                      {m.account ? ' · online account' : ''}
                    </span>
                    <button
                      type="button"
                      className="rounded bg-brand px-2 py-1 text-xs font-semibold text-white"
                      onClick={() => onChoose(m)}
                    >
                      Use {m.name}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="mt-2 text-xs font-semibold text-amber-900 underline"
                onClick={() => void add(true)}
              >
                No, add a new customer
              </button>
            </div>
          ) : null}
          <button type="submit" className="btn-primary w-full py-2">
            Add walk-in customer
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="text-sm font-semibold text-brand"
          onClick={() => setAdding(true)}
        >
          + New walk-in customer
        </button>
      )}
    </div>
  );
}
