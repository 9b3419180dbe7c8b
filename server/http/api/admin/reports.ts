import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { ReportName } from '@shared/api/admin/reports';
import type { AppServices } from '../../../services';
import { uncollectedTicketView } from '../../../use-cases/counter/present-uncollected';
import { decideUncollected, uncollectedTickets } from '../../../use-cases/counter/uncollected';
import { ownerReportView } from '../../../use-cases/reports/present-reports';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/**
 * Uncollected counter tickets and the owner's reports (issue 32, decision 054). The list is
 * the owner's and staff's (the use-case narrows to their branches); deciding and the reports
 * are the owner's (staff and drivers 403).
 */
export function adminReportRoutes(app: FastifyInstance, services: AppServices) {
  const counterStaff = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  route(app, e.uncollectedTickets, counterStaff, async (_input, request) => {
    const found = await uncollectedTickets(services, { staff: staffOf(request) });
    return {
      status: true,
      can_decide: found.canDecide,
      tickets: found.tickets.map((t) => uncollectedTicketView(services.config.brand, t)),
    };
  });
  route(
    app,
    e.decideUncollected,
    { ...ownerOnly, invalidMessage: 'Choose keep or donate.' },
    async ({ params, body }, request) => {
      const done = await decideUncollected(services, {
        staff: staffOf(request),
        orderId: params.id,
        decision: body.decision,
      });
      return { status: true, message: done.message };
    },
  );

  const reports: [ReportName, typeof e.reportTakings][] = [
    ['takings', e.reportTakings],
    ['tickets', e.reportTickets],
    ['items', e.reportItems],
    ['uncollected', e.reportUncollected],
    ['channels', e.reportChannels],
    ['claims', e.reportClaims],
  ];
  for (const [name, endpoint] of reports) {
    route(
      app,
      endpoint,
      { ...ownerOnly, invalidMessage: 'Please check the period and the branch.' },
      async ({ query }, request) => ({
        status: true,
        report: await ownerReportView(services, { staff: staffOf(request), name, query }),
      }),
    );
  }
}
