import { data, Form, Link, useNavigation } from 'react-router';
import { changeLinkOptions, emailChangeLink } from '~/server/tracking.server';
import { AppError } from '~/server/errors.server';
import { formFailure } from '~/components/form/form-action.server';
import { Notice } from '~/components/form/form-field';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import { trackingPath } from '@shared/tracking';
import type { Route } from './+types/track-change';

/*
 * /track/{token}/change?leg=collection|delivery: where the tracking page's "change the time"
 * leads (issue 31, decision 029). A tracking link is safe to forward, so it cannot change the
 * booking itself: the customer signs in (the order's "Change collection" in the account), or
 * asks for the signed change link to be e-mailed to the address on the order. No address is
 * shown or named. A plain form post, so it works without JavaScript (decision 018).
 */

type Leg = 'collection' | 'delivery';

function legOf(value: string | null | undefined): Leg {
  if (value === 'collection' || value === 'delivery') return value;
  throw data('Not found', { status: 404 });
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const leg = legOf(url.searchParams.get('leg'));
  try {
    return await changeLinkOptions(context.services, { token: params.token, leg });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') {
      throw data('Not found', { status: 404 });
    }
    throw error;
  }
}

export async function action({ context, params, url }: Route.ActionArgs) {
  const leg = legOf(url.searchParams.get('leg'));
  try {
    return {
      ok: true as const,
      ...(await emailChangeLink(context.services, { token: params.token, leg })),
    };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') {
      throw data('Not found', { status: 404 });
    }
    return formFailure(error);
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Change the time',
    description: 'Change the time of your collection or delivery.',
    path: '/track',
    noindex: true,
  });
}

export default function TrackChange({ loaderData, actionData, params }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const busy = useNavigation().state !== 'idle';
  const o = loaderData;
  const sent = actionData?.ok ? actionData.message : null;
  const failed = actionData && !actionData.ok ? actionData.errors.message : null;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="card mx-auto max-w-xl space-y-4">
        <p className="text-sm font-medium text-slate-500">Order {o.orderNo}</p>
        <h1 className="page-title">Change the {o.leg} time</h1>
        {sent ? (
          <Notice tone="success">{sent}</Notice>
        ) : !o.changeable ? (
          <Notice tone="info">{o.refused}</Notice>
        ) : (
          <>
            <p className="text-slate-700">
              A tracking link can be shared, so it cannot change your booking. We will e-mail the
              link to change the {o.leg} time to the address on the order.
            </p>
            {failed ? <Notice tone="error">{failed}</Notice> : null}
            <Form method="post">
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
                {busy ? 'Sending…' : 'E-mail me the link to change it'}
              </button>
            </Form>
            {o.registered ? (
              <p className="text-slate-700">
                Or{' '}
                <Link className="font-semibold text-brand underline" to="/login">
                  sign in
                </Link>{' '}
                and change it from your order in your account.
              </p>
            ) : null}
          </>
        )}
        <p className="text-slate-700">
          You can also call us on{' '}
          <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
            {brand.phone}
          </a>
          .
        </p>
        <p>
          <Link
            className="text-sm font-semibold text-brand underline"
            to={trackingPath(params.token)}
          >
            Back to the tracking page
          </Link>
        </p>
      </div>
    </main>
  );
}
