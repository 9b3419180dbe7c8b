import { useEffect } from 'react';
import { routes } from '@shared/api/routes';
import type { DriverStopView } from '~/server/driver.server';
import { call } from '~/utils/api-client';
import { keepDay, type DriverDay } from './offline-store';

/**
 * Issue 33: the round is kept on the phone when the view loads with a signal: the day shown,
 * and the other of Today and Tomorrow fetched beside it, so that both open without a signal.
 */
export function useKeptRound(day: DriverDay, online: boolean) {
  const { date, today, tomorrow } = day;
  useEffect(() => {
    if (!online) return;
    void keepDay(day);
    const other = date === today ? tomorrow : date === tomorrow ? today : null;
    if (!other) return;
    void call(routes.driver.stops, { query: { date: other } }).then((reply) => {
      if (!reply.ok) return;
      void keepDay({
        date: other,
        today,
        tomorrow,
        day: reply.data.day,
        stops: reply.data.stops as DriverStopView[],
      });
    });
    // The day's data is a new object on every load: keep it each time the view loads.
  }, [day, online, date, today, tomorrow]);
}
