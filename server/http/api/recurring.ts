import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import {
  pauseRecurringPlan,
  resumeRecurringPlan,
  skipRecurringDate,
  stopRecurringPlan,
} from '../../use-cases/recurring/change-plan';
import { createRecurringPlan } from '../../use-cases/recurring/create-plan';
import { listRecurringPlans } from '../../use-cases/recurring/list-plans';
import { dayLabel } from '../../use-cases/recurring/present-recurring';
import { route } from '../contract-routes';
import { customerGuard, customerOf } from '../identity';

/** /api/account/recurring: the customer's repeat collections (issue 18, decision 036). */
export function recurringRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.recurring;
  const loggedIn = { preHandler: customerGuard(services) };
  const mine = (request: Parameters<typeof customerOf>[0]) => ({
    kind: 'customer' as const,
    customerId: customerOf(request).id,
  });

  route(app, e.listRecurring, loggedIn, async (_, request) => ({
    status: true,
    plans: await listRecurringPlans(services, { customerId: customerOf(request).id }),
  }));

  route(app, e.createRecurring, loggedIn, async ({ body }, request) => {
    const plan = await createRecurringPlan(services, {
      customerId: customerOf(request).id,
      plan: body,
    });
    return {
      status: true,
      message: `Your repeat collection is set up. The first one is on ${plan.upcoming[0]?.display ?? 'its day'}.`,
      plan,
    };
  });

  route(app, e.skipRecurring, loggedIn, async ({ params, body }, request) => ({
    status: true,
    message: `The collection on ${dayLabel(body.date)} is skipped.`,
    plan: await skipRecurringDate(services, {
      access: mine(request),
      planId: params.id,
      date: body.date,
    }),
  }));

  route(app, e.pauseRecurring, loggedIn, async ({ params, body }, request) => ({
    status: true,
    message: `Your repeat collection is paused until ${dayLabel(body.until)}.`,
    plan: await pauseRecurringPlan(services, {
      access: mine(request),
      planId: params.id,
      until: body.until,
    }),
  }));

  route(app, e.resumeRecurring, loggedIn, async ({ params }, request) => ({
    status: true,
    message: 'Your repeat collection is on again.',
    plan: await resumeRecurringPlan(services, { access: mine(request), planId: params.id }),
  }));

  route(app, e.stopRecurring, loggedIn, async ({ params }, request) => ({
    status: true,
    message: 'Your repeat collection is stopped.',
    plan: await stopRecurringPlan(services, { access: mine(request), planId: params.id }),
  }));
}
