import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import {
  changeRecurringPlan,
  editRecurringPlan,
  planChangedMessage,
  type PlanChange,
} from '../../use-cases/recurring/change-plan';
import { createRecurringPlan } from '../../use-cases/recurring/create-plan';
import { listRecurringPlans } from '../../use-cases/recurring/list-plans';
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

  route(app, e.changeRecurring, loggedIn, async ({ params, body }, request) => {
    const plan = await editRecurringPlan(services, {
      customerId: customerOf(request).id,
      planId: params.id,
      plan: body,
    });
    return { status: true, message: planChangedMessage(plan), plan };
  });

  // The four changes: one use-case, the same messages as the pages'.
  const change = (request: Parameters<typeof customerOf>[0], planId: string, what: PlanChange) =>
    changeRecurringPlan(services, { access: mine(request), planId, change: what }).then((done) => ({
      status: true as const,
      ...done,
    }));
  route(app, e.skipRecurring, loggedIn, ({ params, body }, request) =>
    change(request, params.id, { intent: 'skip', date: body.date }),
  );
  route(app, e.pauseRecurring, loggedIn, ({ params, body }, request) =>
    change(request, params.id, { intent: 'pause', until: body.until }),
  );
  route(app, e.resumeRecurring, loggedIn, ({ params }, request) =>
    change(request, params.id, { intent: 'resume' }),
  );
  route(app, e.stopRecurring, loggedIn, ({ params }, request) =>
    change(request, params.id, { intent: 'stop' }),
  );
}
