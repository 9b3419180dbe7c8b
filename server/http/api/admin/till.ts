import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import {
  tillDaySummaryView,
  tillWaitingView,
  tillDayView,
} from '../../../use-cases/counter/present-till';
import { closeTill, openTill, payTillCash } from '../../../use-cases/counter/till';
import { tillOverview, tillReport } from '../../../use-cases/counter/till-report';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/**
 * The counter's till (issue 32, decision 051): owner and staff; a driver is refused (403).
 * Each handler parses, calls one use-case and presents the day as it now is.
 */
export function adminTillRoutes(app: FastifyInstance, services: AppServices) {
  const tillStaff = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const e = api.admin;
  const numbering = services.config.brand;
  const dayOf = async (staff: ReturnType<typeof staffOf>, dayId: number) =>
    tillDayView(numbering, await tillReport(services, { staff, dayId }));

  route(app, e.tillOverview, tillStaff, async (_input, request) => {
    const found = await tillOverview(services, { staff: staffOf(request) });
    return {
      status: true,
      current: found.current ? tillDayView(numbering, found.current) : null,
      days: found.days.map(tillDaySummaryView),
      waiting: tillWaitingView(found.waiting),
    };
  });
  route(
    app,
    e.tillOpen,
    { ...tillStaff, invalidMessage: 'Please check the float.' },
    async ({ body }, request) => {
      const staff = staffOf(request);
      const day = await openTill(services, { staff, floatPence: body.float_pence });
      return { status: true, message: 'The till is open.', day: await dayOf(staff, day.id) };
    },
  );
  route(app, e.tillDay, tillStaff, async ({ params }, request) => ({
    status: true,
    day: await dayOf(staffOf(request), params.id),
  }));
  route(
    app,
    e.tillCash,
    { ...tillStaff, invalidMessage: 'Please check the amount and the reason.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const done = await payTillCash(services, {
        staff,
        dayId: params.id,
        kind: body.kind,
        pence: body.pence,
        reason: body.reason,
      });
      return { status: true, message: done.message, day: await dayOf(staff, params.id) };
    },
  );
  route(
    app,
    e.tillClose,
    { ...tillStaff, invalidMessage: 'Please check the cash counted.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const done = await closeTill(services, {
        staff,
        dayId: params.id,
        countedPence: body.counted_pence,
        note: body.note,
      });
      return { status: true, message: done.message, day: await dayOf(staff, params.id) };
    },
  );
}
