import { data } from 'react-router';
import { orderTracking } from '~/server/tracking.server';
import { AppError } from '~/server/errors.server';
import { TrackingTimeline } from '~/features/tracking/tracking-timeline';
import { useRootData } from '~/root';
import { seo } from '~/utils/seo';
import type { Route } from './+types/track';

/*
 * /track/{token}: the order's timeline for whoever holds its tracking link (issue 16, decision
 * 029). No login, noindex, never cached; an unknown token is the site's 404 page. While the
 * order is out for delivery a meta refresh reloads it every minute (works before hydration and
 * without JavaScript).
 */

const REFRESH_SECONDS = 60;

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return { tracking: await orderTracking(context.services, { token: params.token }) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') {
      throw data('Not found', { status: 404 });
    }
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...seo(matches, {
      title: loaderData ? `Track order ${loaderData.tracking.order_no}` : 'Track your order',
      description: 'Where your order is, step by step.',
      path: '/track',
      noindex: true,
    }),
    ...(loaderData?.tracking.live
      ? [{ httpEquiv: 'refresh', content: String(REFRESH_SECONDS) }]
      : []),
  ];
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <TrackingTimeline tracking={loaderData.tracking} phone={brand.phone} />
    </main>
  );
}
