import { z } from 'zod';
import { isoDate } from '@shared/text';
import { londonToday } from '@shared/london-time';
import { addDays } from '@shared/slots';
import { readQuery } from '~/utils/query';
import { driverDayLabel, driverStopView, listDriverStops } from '~/server/driver.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { DriverView } from '~/features/admin/driver/driver-view';
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
  };
}

export default function DriverPage({ loaderData }: Route.ComponentProps) {
  return <DriverView {...loaderData} />;
}
