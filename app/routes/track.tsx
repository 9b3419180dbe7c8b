import { useEffect } from 'react';
import { data, useRevalidator } from 'react-router';
import { orderTracking } from '~/server/tracking.server';
import { AppError } from '~/server/errors.server';
import { TrackingTimeline } from '~/features/tracking/tracking-timeline';
import { claimsEntryByTracking } from '~/features/claims/claims.server';
import { ReportProblem } from '~/features/claims/report-problem';
import { currentCustomerId } from '~/utils/linked-page.server';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/track';

/*
 * /track/{token}: the order's timeline for whoever holds its tracking link (issue 16, decision
 * 029). No login, noindex, never cached; an unknown token is the site's 404 page. While the
 * order is out for delivery it refreshes itself every minute (useRefreshWhileLive).
 */

const REFRESH_SECONDS = 60;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  try {
    const tracking = await orderTracking(context.services, { token: params.token });
    // Issue 34: "Report a problem" for the order's customer signed in (a counter ticket too).
    const customerId = await currentCustomerId(context.services, request);
    return {
      tracking,
      claims: await claimsEntryByTracking(context.services, customerId, params.token),
    };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') {
      throw data('Not found', { status: 404 });
    }
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo(matches, {
    title: loaderData ? `Track order ${loaderData.tracking.order_no}` : 'Track your order',
    description: 'Where your order is, step by step.',
    path: '/track',
    noindex: true,
  });
}

/**
 * While the order is out for delivery the timeline is fetched again every minute: by the
 * loader once the page is hydrated (no reload, and it stops when the customer leaves the
 * page), by a meta refresh inside <noscript> without JavaScript. Before hydration the page is
 * simply the server's.
 */
function useRefreshWhileLive(live: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void revalidate(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [live, revalidate]);
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const { live } = loaderData.tracking;
  useRefreshWhileLive(live);
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      {live && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <TrackingTimeline tracking={loaderData.tracking} phone={brand.phone} />
      {loaderData.claims ? (
        <div className="mx-auto mt-6 max-w-2xl rounded-xl bg-white shadow-sm">
          <ReportProblem order={loaderData.claims} phone={brand.phone} />
        </div>
      ) : null}
    </main>
  );
}
