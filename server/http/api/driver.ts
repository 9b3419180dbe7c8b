import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { londonToday } from '@shared/london-time';
import type { AppServices } from '../../services';
import { listDriverStops } from '../../use-cases/driver/driver-stops';
import { actAtStop, startDeliveries } from '../../use-cases/driver/stop-actions';
import {
  driverDayLabel,
  driverStopView,
  stopActionText,
} from '../../use-cases/driver/present-driver';
import { route } from '../contract-routes';
import { staffGuard, staffOf } from '../identity';

/** /api/admin/driver: the driver's view (issue 16, decision 026); owner, staff and driver. */
export function driverRoutes(app: FastifyInstance, services: AppServices) {
  const drivers = { preHandler: staffGuard(services, ['owner', 'staff', 'driver']) };
  const e = api.driver;
  const brand = services.config.brand;

  route(app, e.stops, drivers, async ({ query }) => {
    const date = query.date ?? londonToday(services.now());
    const stops = await listDriverStops(services, { date });
    return {
      status: true,
      date,
      day: driverDayLabel(date),
      stops: stops.map((s, i) => driverStopView(brand, s, i, services.now())),
    };
  });

  const reply = (done: Awaited<ReturnType<typeof actAtStop>>) => ({
    status: true as const,
    message: stopActionText(brand, {
      orderNo: done.order.orderNo,
      outcome: done.event.outcome,
      bags: done.event.bags,
    }),
    event_id: done.event.id,
    replayed: done.replayed,
    stop: driverStopView(brand, done.stop, done.index, services.now()),
  });

  route(
    app,
    e.collect,
    { ...drivers, invalidMessage: 'Please check the collection.' },
    async ({ params, body }, request) =>
      reply(
        await actAtStop(services, {
          action: 'collect',
          actor: staffOf(request),
          orderId: params.id,
          idempotencyKey: body.idempotency_key,
          stopVersion: body.stop_version,
          bags: body.bags,
          sealNumbers: body.seal_numbers,
          note: body.note,
          photoId: body.photo_id,
        }),
      ),
  );

  route(app, e.notHome, drivers, async ({ params, body }, request) =>
    reply(
      await actAtStop(services, {
        action: 'not-home',
        actor: staffOf(request),
        orderId: params.id,
        idempotencyKey: body.idempotency_key,
        stopVersion: body.stop_version,
        leg: body.leg,
      }),
    ),
  );

  route(
    app,
    e.deliver,
    { ...drivers, invalidMessage: 'Please check the delivery.' },
    async ({ params, body }, request) =>
      reply(
        await actAtStop(services, {
          action: 'deliver',
          actor: staffOf(request),
          orderId: params.id,
          idempotencyKey: body.idempotency_key,
          stopVersion: body.stop_version,
          leftWith: body.left_with,
          note: body.note,
          photoId: body.photo_id,
        }),
      ),
  );

  route(app, e.startDeliveries, drivers, async ({ body }, request) => {
    const { started } = await startDeliveries(services, {
      actor: staffOf(request),
      date: body.date,
    });
    return {
      status: true,
      message:
        started.length === 0
          ? 'No deliveries were waiting to go out.'
          : `${started.length} deliver${started.length === 1 ? 'y is' : 'ies are'} out for delivery.`,
      started,
    };
  });
}
