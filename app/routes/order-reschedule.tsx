import { data, Form, useNavigation } from 'react-router';
import { chooseNewWindow, rescheduleOptions } from '~/server/driver.server';
import { AppError } from '~/server/errors.server';
import { formFields } from '~/components/form/form-action.server';
import { Notice } from '~/components/form/form-field';
import { useRootData } from '~/root';
import { linkedPageId } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-reschedule';

/*
 * After "not home" (issue 16, decision 026): the customer follows the e-mailed, signed link
 * (`stop` and `t`, no login) and chooses a new window for that collection or delivery. A plain
 * form post to this route's action, so it works before hydration (decision 018).
 */

const DAYS_SHOWN = 4;

/**
 * A missed stop's link (`stop`), or the evening-before reminder's for its collection window
 * (`c`, issue 17, decision 031).
 */
function callerOf(
  id: string,
  fields: { stop?: string | null; c?: string | null; t?: string | null },
) {
  const orderId = linkedPageId(id);
  const token = fields.t ?? null;
  if (fields.c && !fields.stop) {
    const windowMs = Number(fields.c);
    if (!/^\d{1,15}$/.test(fields.c) || !Number.isSafeInteger(windowMs)) {
      throw data('Not found', { status: 404 });
    }
    return { orderId, windowMs, token };
  }
  const stop = Number(fields.stop);
  if (!Number.isSafeInteger(stop) || stop < 1) throw data('Not found', { status: 404 });
  return { orderId, eventId: stop, token };
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const caller = callerOf(params.id, {
    stop: url.searchParams.get('stop'),
    c: url.searchParams.get('c'),
    t: url.searchParams.get('t'),
  });
  try {
    const options = await rescheduleOptions(context.services, caller);
    return {
      refused: null,
      stop: caller.eventId === undefined ? null : String(caller.eventId),
      window: caller.windowMs === undefined ? null : String(caller.windowMs),
      token: caller.token,
      options,
    };
  } catch (error) {
    if (error instanceof AppError && error.code !== 'not-found') {
      return data(
        { refused: error.message, stop: null, window: null, token: null, options: null },
        error.code === 'unauthenticated' ? 401 : 409,
      );
    }
    if (error instanceof AppError) throw data('Not found', { status: 404 });
    throw error;
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const fields = await formFields(request);
  const caller = callerOf(params.id, fields);
  const [date, start] = (fields.slot ?? '').split(' ');
  if (!date || !start) {
    return data({ ok: false as const, message: 'Please choose a new time.' }, 422);
  }
  try {
    const moved = await chooseNewWindow(context.services, { ...caller, date, start });
    return { ok: true as const, message: '', moved };
  } catch (error) {
    if (error instanceof AppError && error.code !== 'not-found') {
      return data(
        { ok: false as const, message: error.message },
        error.code === 'unauthenticated' ? 401 : 409,
      );
    }
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Choose a new time',
    description: 'We missed you: choose a new time for your collection or delivery.',
    path: '/order/reschedule',
    noindex: true,
  });
}

export default function OrderReschedule({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const busy = useNavigation().state !== 'idle';
  const moved = actionData?.ok ? actionData.moved : null;
  const failed = actionData && !actionData.ok ? actionData.message : null;
  const o = loaderData.options;
  if (moved) {
    return (
      <main id="main" className="bg-slate-50 px-4 py-10">
        <div className="card mx-auto max-w-xl space-y-4">
          <p className="text-sm font-medium text-slate-500">Order {moved.orderNo}</p>
          <h1 className="page-title">Thank you: see you then</h1>
          <Notice tone="success">
            Your new {moved.leg === 'collection' ? 'collection' : 'delivery'} time is{' '}
            <strong>{moved.window}</strong>.
            {moved.leg === 'collection' ? ` We will bring your items back ${moved.delivery}.` : ''}
          </Notice>
          <p className="text-slate-700">
            Need to change it again? Call us on{' '}
            <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
              {brand.phone}
            </a>
            .
          </p>
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
          <p className="text-slate-700">
            Call us on{' '}
            <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
              {brand.phone}
            </a>
            .
          </p>
        </div>
      </main>
    );
  }
  const byDay = new Map<string, typeof o.windows>();
  for (const w of o.windows) {
    // The next few days with a free window: enough to choose from on a phone.
    if (!byDay.has(w.slot_date) && byDay.size === DAYS_SHOWN) break;
    byDay.set(w.slot_date, [...(byDay.get(w.slot_date) ?? []), w]);
  }
  const what = o.leg === 'collection' ? 'collection' : 'delivery';
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="card mx-auto max-w-2xl space-y-5">
        <div>
          <p className="text-sm font-medium text-slate-500">Order {o.orderNo}</p>
          <h1 className="page-title mt-1">
            {o.reason === 'change'
              ? 'Choose another collection time'
              : 'We missed you: choose a new time'}
          </h1>
        </div>
        <p className="text-slate-700">
          {o.reason === 'change'
            ? `We are due to collect on ${o.missed}. Choose another collection window below.`
            : `Our driver came for your ${what} (${o.missed}) but nobody was home. Choose a new ${what} window below.`}
        </p>
        {failed ? <Notice tone="error">{failed}</Notice> : null}
        {o.windows.length === 0 ? (
          <Notice tone="info">
            There is no free window at the moment. Please call us on {brand.phone}.
          </Notice>
        ) : (
          <Form method="post" className="space-y-5">
            {loaderData.window ? (
              <input type="hidden" name="c" value={loaderData.window} />
            ) : (
              <input type="hidden" name="stop" value={loaderData.stop ?? ''} />
            )}
            <input type="hidden" name="t" value={loaderData.token ?? ''} />
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
                        className="flex min-h-12 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 has-checked:border-brand has-checked:bg-brand has-checked:text-white"
                      >
                        <input
                          type="radio"
                          name="slot"
                          value={`${w.slot_date} ${w.slot_start}`}
                          className="sr-only"
                          required
                          aria-label={w.display}
                        />
                        {w.slot_start}–{w.slot_end}
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? 'Saving…' : `Choose this ${what} time`}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
