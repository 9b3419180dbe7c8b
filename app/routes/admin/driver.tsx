import { LONDON_ZONE } from '@shared/london-zone';
import { z } from 'zod';
import { isoDate } from '@shared/text';
import { londonToday } from '@shared/london-time';
import { addDays } from '@shared/slots';
import { readQuery } from '~/utils/query';
import { driverDayLabel, driverStopView, listDriverStops } from '~/server/driver.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { DriverView } from '~/features/admin/driver/driver-view';
import { keptDay } from '~/features/admin/driver/offline-store';
import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/driver';

export function meta() {
  return [{ title: 'My stops · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner', 'staff', 'driver']);
  const { date } = readQuery(request, z.object({ date: isoDate().optional() }));
  const now = services.now();
  const today = londonToday(now);
  const day = date ?? today;
  const stops = await listDriverStops(services, { date: day });
  return {
    date: day,
    today,
    tomorrow: addDays(today, 1),
    day: driverDayLabel(day),
    stops: stops.map((s, i) => driverStopView(services.config.brand, s, i, now)),
    offline: null as { savedAt: string } | null,
  };
}

/** Today's London date on the phone's clock, as YYYY-MM-DD. */
function phoneToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LONDON_ZONE }).format(new Date());
}

/**
 * Issue 33: without a signal, Today and Tomorrow come from the phone's copy of the round
 * (offline-store.ts, kept whenever the view loads). Only a request that got no answer falls
 * back to it: the server's own answers (signed out, a bad date) go through as before.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const asked = new URL(request.url).searchParams.get('date');
    const kept = await keptDay(asked ?? phoneToday());
    if (!kept) throw error;
    const { savedAt, ...day } = kept;
    return { ...day, offline: { savedAt } };
  }
}

export default function DriverPage({ loaderData }: Route.ComponentProps) {
  return <DriverView {...loaderData} />;
}
