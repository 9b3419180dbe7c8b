import { useState } from 'react';
import { Link } from 'react-router';
import { routes } from '@shared/api/routes';
import { speedLabel, type CounterSpeed } from '@shared/counter-speed';
import { requireStaffPage } from '~/features/admin/guard.server';
import { CardReader, type CardPayment } from '~/features/admin/counter/card-reader';
import { CustomerPanel } from '~/features/admin/counter/customer-panel';
import { ItemGrid } from '~/features/admin/counter/item-grid';
import { fromLondonInput, toLondonInput } from '~/features/admin/counter/london-time-input';
import { PaymentPanel, type PaymentChoice } from '~/features/admin/counter/payment-panel';
import { SpeedPicker, ticketTiming } from '~/features/admin/counter/speed-picker';
import { TicketDone, type RaisedTicket } from '~/features/admin/counter/ticket-done';
import { TicketLines } from '~/features/admin/counter/ticket-lines';
import {
  addItem,
  penceOf,
  pounds,
  totalPence,
  unitPence,
  type CounterCustomer,
  type DraftLine,
} from '~/features/admin/counter/ticket-state';
import { counterSetup } from '~/server/counter.server';
import { AppError } from '~/server/errors.server';
import { call } from '~/utils/api-client';
import type { Route } from './+types/counter';

/*
 * The counter (issue 32, decision 049): walk-in customers and tickets at the session's branch,
 * for a 1024 × 768 tablet in landscape or a desk with a USB scanner. Every control is a native
 * button, input or radio, so the keyboard reaches all of it; the find box has the focus when
 * the page opens, where a scanner types a ticket number and Enter. Writes go through the API
 * (shared/api/admin/counter.ts).
 */

export function meta() {
  return [{ title: 'Counter · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  try {
    const setup = await counterSetup(context.services, { staff });
    return { ready: true as const, ...setup };
  } catch (error) {
    // No branch chosen, or a branch without a counter: the page says so and where to go.
    if (error instanceof AppError && error.kind === 'conflict') {
      return { ready: false as const, code: error.code, message: error.message };
    }
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const noPayment: PaymentChoice = { kind: 'cash', tendered: '', deposit: '' };

export default function Counter({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ready) {
    return (
      <div className="card mx-auto max-w-xl space-y-3">
        <h1 className="text-2xl font-bold">Counter</h1>
        <p role="alert" className="text-slate-700">
          {loaderData.message}
        </p>
        <Link to="/admin/branch?from=/admin/counter" className="btn-primary">
          Choose your branch
        </Link>
      </div>
    );
  }
  return <CounterScreen setup={loaderData} />;
}

type Setup = Extract<Route.ComponentProps['loaderData'], { ready: true }>;

function CounterScreen({ setup }: { setup: Setup }) {
  const [customer, setCustomer] = useState<CounterCustomer | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [speed, setSpeed] = useState<CounterSpeed>('standard');
  // What staff typed over the speed's promise (null: the speed's own, as items are added).
  const [promisedTyped, setPromisedTyped] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentChoice>(noPayment);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [raised, setRaised] = useState<RaisedTicket | null>(null);
  const [card, setCard] = useState<CardPayment | null>(null);
  const timing = ticketTiming(setup, lines, speed);
  const total = totalPence(lines) + timing.surchargePence;
  const promised = promisedTyped ?? (timing.readyAt ? toLondonInput(timing.readyAt) : '');

  function next() {
    setCustomer(null);
    setLines([]);
    setPayment(noPayment);
    setSpeed('standard');
    setPromisedTyped(null);
    setErrors({});
    setMessage('');
    setRaised(null);
    setCard(null);
  }

  async function raise() {
    setErrors({});
    setMessage('');
    if (!customer) return setMessage('Find or add the customer first.');
    const tendered = penceOf(payment.tendered);
    if (payment.kind === 'cash' && tendered === null) {
      setErrors({ tendered_pence: ['Enter the cash tendered, e.g. 20.00.'] });
      return;
    }
    const deposit = payment.deposit.trim() ? penceOf(payment.deposit) : undefined;
    if (deposit === null) {
      setErrors({ deposit_pence: ['Enter the deposit, e.g. 10.00, or leave it empty.'] });
      return;
    }
    const part = deposit !== undefined ? { deposit_pence: deposit } : {};
    const changed = promisedTyped !== null ? fromLondonInput(promisedTyped) : null;
    setBusy(true);
    const reply = await call(routes.admin.counterRaiseTicket, {
      body: {
        customer_id: customer.id,
        lines: lines.map((l) => ({
          service_id: l.item.id,
          quantity: l.quantity,
          note: l.note,
          ...(l.item.pricePence === 0 ? { unit_price_pence: unitPence(l) ?? 0 } : {}),
        })),
        ...(changed ? { promised_ready_at: changed } : {}),
        speed,
        payment:
          payment.kind === 'cash'
            ? { kind: 'cash', tendered_pence: tendered ?? 0, ...part }
            : payment.kind === 'card'
              ? { kind: 'card', ...part }
              : { kind: 'at-collection' },
      },
    });
    setBusy(false);
    if (!reply.ok) {
      setErrors((reply.error.errors as Record<string, string[]>) ?? {});
      return setMessage(reply.error.message);
    }
    setRaised(reply.data.ticket);
    setCard(reply.data.card_payment);
  }

  if (raised && card) {
    return (
      <CardReader
        payment={card}
        onSettled={(ticket) => {
          setRaised(ticket);
          setCard(null);
        }}
        // Declined or cancelled: the ticket stands, due at collection (or cash from its page).
        onClose={() => setCard(null)}
      />
    );
  }
  if (raised) return <TicketDone ticket={raised} onNext={next} />;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">
          Counter <span className="font-normal text-slate-500">· {setup.branch.name}</span>
        </h1>
        <p className="text-sm text-slate-600">
          Ready in {setup.offer.turnaroundDays} working days unless you change it.{' '}
          <Link to="/admin/counter/till" className="font-semibold underline">
            Till and day-end report
          </Link>
          {' · '}
          <Link to="/admin/counter/uncollected" className="font-semibold underline">
            Uncollected
          </Link>
        </p>
      </div>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_24rem]">
        <ItemGrid categories={setup.categories} onAdd={(item) => setLines(addItem(lines, item))} />
        <section aria-labelledby="ticket-heading" className="card space-y-3 p-4">
          <h2 id="ticket-heading" className="text-lg font-bold">
            New ticket
          </h2>
          <CustomerPanel customer={customer} onChoose={setCustomer} />
          <TicketLines lines={lines} errors={errors} onChange={setLines} />
          <SpeedPicker
            choices={setup}
            lines={lines}
            speed={speed}
            errors={errors}
            onChange={(next) => {
              setSpeed(next);
              setPromisedTyped(null);
            }}
          />
          {timing.surchargePence > 0 ? (
            <p className="flex justify-between text-sm" data-testid="ticket-surcharge">
              <span>
                {speedLabel[speed]} service (+{timing.percent} %)
              </span>
              <span className="tabular-nums">{pounds(timing.surchargePence)}</span>
            </p>
          ) : null}
          <p className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
            <span>Total</span>
            <span className="tabular-nums" data-testid="ticket-total">
              {pounds(total)}
            </span>
          </p>
          <label className="block">
            <span className="field-label">Ready from (London time)</span>
            <input
              type="datetime-local"
              value={promised}
              onChange={(e) => setPromisedTyped(e.target.value)}
              aria-invalid={errors.promised_ready_at ? true : undefined}
              className="field-input py-2"
            />
            {errors.promised_ready_at?.map((m) => (
              <span key={m} className="field-error block">
                {m}
              </span>
            ))}
          </label>
          <PaymentPanel
            totalPence={total}
            payment={payment}
            errors={errors}
            onChange={setPayment}
          />
          {message ? (
            <p role="alert" className="field-error">
              {message}
            </p>
          ) : null}
          <button
            type="button"
            disabled={busy || lines.length === 0}
            onClick={() => void raise()}
            className="btn-primary w-full"
          >
            {busy ? 'Raising…' : `Raise ticket · ${pounds(total)}`}
          </button>
        </section>
      </div>
    </div>
  );
}
