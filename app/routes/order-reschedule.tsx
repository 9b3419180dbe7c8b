import { useState } from 'react';
import { createContext, data, Form, redirect, useNavigation } from 'react-router';
import { chooseNewWindow, rescheduleOptions } from '~/server/driver.server';
import { rescheduleChoices, rescheduleOrder } from '~/server/orders.server';
import { useHydrated } from '~/components/form';
import { SlotPicker } from '~/features/booking/slot-picker';
import { AppError } from '~/server/errors.server';
import { formFields } from '~/components/form/form-action.server';
import { Notice } from '~/components/form/form-field';
import { useRootData } from '~/utils/root-data';
import { currentCustomerId, linkedPageId } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-reschedule';

/*
 * The one page to choose another window for a collection or a delivery. After "not home"
 * (issue 16, decision 026) through the e-mailed, signed link (`stop` and `t`); before it
 * through a change link (`c` for the collection, `d` for the delivery, with `t`: the reminder,
 * the confirmation e-mail, the tracking page); or by the logged-in owner from the account
 * (`leg`, issue 18, decision 035). A plain form post to this route's action, so it works
 * before hydration (decision 018); with JavaScript the slot picker replaces the radios.
 */

const DAYS_SHOWN = 4;

/**
 * Set by the action once it moved the window: the loader that runs after it (in the same
 * request, without JavaScript) then finds the link used, which is this success, not a refusal,
 * so the page answers 200 with "Thank you" rather than 409 (issue 31).
 */
const movedInThisRequest = createContext(false);

/**
 * A missed stop's link (`stop`), or the evening-before reminder's for its collection window
 * (`c`, issue 17, decision 031).
 */
function callerOf(
  id: string,
  fields: { stop?: string | null; c?: string | null; d?: string | null; t?: string | null },
) {
  const orderId = linkedPageId(id);
  const token = fields.t ?? null;
  const change = fields.stop ? null : fields.c || fields.d;
  if (change) {
    const windowMs = Number(change);
    if (!/^\d{1,15}$/.test(change) || !Number.isSafeInteger(windowMs)) {
      throw data('Not found', { status: 404 });
    }
    return {
      orderId,
      windowMs,
      token,
      leg: fields.c ? ('collection' as const) : ('delivery' as const),
    };
  }
  const stop = Number(fields.stop);
  if (!Number.isSafeInteger(stop) || stop < 1) throw data('Not found', { status: 404 });
  return { orderId, eventId: stop, token };
}

type Leg = 'collection' | 'delivery';

/** The owner's page (no link parameters): the leg to change, from `leg`. */
function ownerLeg(fields: Record<string, string | null | undefined>): Leg | null {
  if (fields.stop || fields.c || fields.d) return null;
  if (fields.leg === 'collection' || fields.leg === 'delivery') return fields.leg;
  throw data('Not found', { status: 404 });
}

/** A refusal of the use-case as the page shows it (401 or 409); a missing order is a 404. */
function refusal(error: unknown) {
  if (error instanceof AppError && error.kind !== 'not-found') {
    return { message: error.message, status: error.kind === 'unauthenticated' ? 401 : 409 };
  }
  if (error instanceof AppError) throw data('Not found', { status: 404 });
  throw error;
}

export async function loader({ context, params, url, request }: Route.LoaderArgs) {
  const q = (name: string) => url.searchParams.get(name);
  const owner = ownerLeg({ stop: q('stop'), c: q('c'), d: q('d'), leg: q('leg') });
  const none = { stop: null, window: null, windowLeg: null, token: null, owner: null };
  try {
    if (owner) {
      const orderId = linkedPageId(params.id);
      const customerId = await currentCustomerId(context.services, request);
      if (!customerId) throw redirect('/login');
      const choices = await rescheduleChoices(context.services, {
        customerId,
        orderId,
        leg: owner,
      });
      return {
        ...none,
        refused: null,
        owner,
        options: {
          orderNo: choices.orderNo,
          leg: owner,
          reason: 'change' as const,
          missed: choices.current,
          windows: choices.windows,
        },
      };
    }
    const caller = callerOf(params.id, { stop: q('stop'), c: q('c'), d: q('d'), t: q('t') });
    const options = await rescheduleOptions(context.services, caller);
    return {
      ...none,
      refused: null,
      stop: caller.eventId === undefined ? null : String(caller.eventId),
      window: caller.windowMs === undefined ? null : String(caller.windowMs),
      windowLeg: caller.leg ?? null,
      token: caller.token,
      options,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusal(error);
    const status = context.get(movedInThisRequest) ? 200 : refused.status;
    return data({ ...none, refused: refused.message, options: null }, status);
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const fields = await formFields(request);
  const owner = ownerLeg(fields);
  const [date, start] = (fields.slot ?? '').split(' ');
  if (!date || !start) {
    return data({ ok: false as const, message: 'Please choose a new time.' }, 422);
  }
  try {
    if (owner) {
      const orderId = linkedPageId(params.id);
      const customerId = await currentCustomerId(context.services, request);
      if (!customerId) return redirect('/login', 303);
      const moved = await rescheduleOrder(context.services, {
        customerId,
        orderId,
        leg: owner,
        date,
        start,
      });
      context.set(movedInThisRequest, true);
      return { ok: true as const, message: '', moved, owner: true };
    }
    const moved = await chooseNewWindow(context.services, {
      ...callerOf(params.id, fields),
      date,
      start,
    });
    context.set(movedInThisRequest, true);
    return { ok: true as const, message: '', moved, owner: false };
  } catch (error) {
    const refused = refusal(error);
    return data({ ok: false as const, message: refused.message }, refused.status);
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Choose a new time',
    description: 'Choose a new time for your collection or delivery.',
    path: '/order/reschedule',
    noindex: true,
  });
}

export default function OrderReschedule({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const busy = useNavigation().state !== 'idle';
  const hydrated = useHydrated();
  const [slot, setSlot] = useState('');
  const moved = actionData?.ok ? actionData.moved : null;
  const failed = actionData && !actionData.ok ? actionData.message : null;
  const o = loaderData.options;
  const callUs = (
    <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
      {brand.phone}
    </a>
  );
  if (moved) {
    return (
      <main id="main" className="bg-slate-50 px-4 py-10">
        <div className="card mx-auto max-w-xl space-y-4">
          <p className="text-sm font-medium text-slate-500">Order {moved.orderNo}</p>
          <h1 className="page-title">Thank you: see you then</h1>
          <Notice tone="success">
            Your new {moved.leg} time is <strong>{moved.window}</strong>.
            {moved.leg === 'collection' ? ` We will bring your items back ${moved.delivery}.` : ''}
          </Notice>
          {/* Changing again is online too (walkthrough 24), not a phone call. */}
          <p className="text-slate-700">
            We have e-mailed you a confirmation.{' '}
            {actionData?.ok && actionData.owner
              ? 'Need to change it again? You can, from your orders.'
              : 'Need to change it again? Open your tracking link and ask for the link to change it; it comes by e-mail.'}
          </p>
          {actionData?.ok && actionData.owner ? (
            <a className="btn-secondary inline-flex" href="/account">
              Back to your orders
            </a>
          ) : null}
        </div>
      </main>
    );
  }
  if (!o) {
    return (
      <main id="main" className="bg-slate-50 px-4 py-10">
        <div className="card mx-auto max-w-xl space-y-4">
          <h1 className="page-title">Choose a new time</h1>
          <p className="text-slate-700">{loaderData.refused}</p>
          <p className="text-slate-700">Call us on {callUs}.</p>
        </div>
      </main>
    );
  }
  const what = o.leg === 'collection' ? 'collection' : 'delivery';
  const free = o.windows.filter((w) => !w.full);
  const byDay = new Map<string, typeof o.windows>();
  for (const w of o.windows) {
    // Without JavaScript: the next few days with a window, enough to choose from on a phone.
    if (!byDay.has(w.slot_date) && byDay.size === DAYS_SHOWN) break;
    byDay.set(w.slot_date, [...(byDay.get(w.slot_date) ?? []), w]);
  }
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="card mx-auto max-w-2xl space-y-5">
        <div>
          <p className="text-sm font-medium text-slate-500">Order {o.orderNo}</p>
          <h1 className="page-title mt-1">
            {o.reason === 'change'
              ? `Change your ${what} time`
              : 'We missed you: choose a new time'}
          </h1>
        </div>
        <p className="text-slate-700">
          {o.reason === 'change'
            ? `Your ${what} is booked for ${o.missed}. Choose another window below: you can change it online up to 2 hours before it starts.`
            : `Our driver came for your ${what} (${o.missed}) but nobody was home. Choose a new ${what} window below.`}
        </p>
        {failed ? <Notice tone="error">{failed}</Notice> : null}
        {free.length === 0 ? (
          <Notice tone="info">
            There is no free window at the moment. Please call us on {brand.phone}.
          </Notice>
        ) : (
          <Form method="post" className="space-y-5">
            {loaderData.owner ? (
              <input type="hidden" name="leg" value={loaderData.owner} />
            ) : loaderData.window ? (
              <input
                type="hidden"
                name={loaderData.windowLeg === 'delivery' ? 'd' : 'c'}
                value={loaderData.window}
              />
            ) : (
              <input type="hidden" name="stop" value={loaderData.stop ?? ''} />
            )}
            {loaderData.owner ? null : (
              <input type="hidden" name="t" value={loaderData.token ?? ''} />
            )}
            {hydrated ? (
              <SlotPicker
                id="reschedule"
                name="slot"
                label={`New ${what} window`}
                slots={o.windows}
                value={slot}
                onChange={setSlot}
                placeholder="No free window"
              />
            ) : (
              <fieldset className="space-y-4">
                <legend className="field-label">New {what} window</legend>
                {[...byDay.entries()].map(([day, windows]) => (
                  <div key={day}>
                    <p className="mb-2 text-sm font-semibold text-slate-900">
                      {windows[0]!.display.split(',')[0]}
                    </p>
                    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                      {windows.map((w) => (
                        <label
                          key={w.starts_at}
                          className={
                            w.full
                              ? 'flex min-h-12 items-center justify-center rounded-md border border-slate-200 bg-slate-100 px-2 text-sm font-medium text-slate-400'
                              : 'flex min-h-12 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 has-checked:border-brand has-checked:bg-brand has-checked:text-white'
                          }
                        >
                          <input
                            type="radio"
                            name="slot"
                            value={`${w.slot_date} ${w.slot_start}`}
                            className="sr-only"
                            required
                            disabled={w.full}
                            aria-label={w.full ? `${w.display}, full` : w.display}
                          />
                          {w.slot_start}–{w.slot_end}
                          {w.full ? ' Full' : ''}
                        </label>
                      ))}
                    </div>
                  </div>
                ))}
              </fieldset>
            )}
            <button
              type="submit"
              className="btn-primary w-full sm:w-auto"
              disabled={busy || (hydrated && !slot)}
            >
              {busy ? 'Saving…' : `Choose this ${what} time`}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
