import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@shared/api';
import { getCurrentCustomer } from '../../auth/current-customer';
import type { AppServices } from '../../services';
import { answerCase, openCases, openCase } from '../../use-cases/cases/cases';
import { customerGarments } from '../../use-cases/intake-report/garment-history';
import { intakeReport } from '../../use-cases/intake-report/intake-report';
import {
  caseView,
  customerGarmentsView,
  intakeReportView,
  openCasesView,
} from '../../use-cases/intake-report/present-intake-report';
import { sendIntakeReport } from '../../use-cases/intake-report/send-intake-report';
import { approvalText } from '../../use-cases/approvals/present-approval';
import { route } from '../contract-routes';
import { credentialsOf, customerGuard, staffGuard, staffOf } from '../identity';

/**
 * The intake report and its cases (issue 16, decision 028): the customer's side (session or
 * the signed link's `t`) and the back office's (send the report, list and answer cases).
 */
export function intakeReportRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.intakeReport;
  const staffOnly = { preHandler: staffGuard(services) };
  const callerOf = async (request: FastifyRequest, orderId: string, token?: string) => {
    const customer = await getCurrentCustomer(services, credentialsOf(request));
    return { orderId, token: token ?? null, customerId: customer?.id ?? null };
  };

  route(app, e.report, {}, async ({ params, query }, request) => ({
    status: true,
    report: intakeReportView(
      services.config.brand,
      await intakeReport(services, await callerOf(request, params.id, query.t)),
    ),
  }));

  route(
    app,
    e.openCase,
    { invalidMessage: 'Please check what you told us.' },
    async ({ params, query, body }, request) => {
      const opened = await openCase(services, {
        ...(await callerOf(request, params.id, query.t)),
        ...body,
      });
      return {
        status: true,
        message: `Thank you: we have your message about order ${opened.orderNo} and will answer by e-mail, usually the same working day.`,
        case: caseView(opened.case, opened.garment ? [opened.garment] : []),
      };
    },
  );

  route(app, e.garments, { preHandler: customerGuard(services) }, async (_, request) => ({
    status: true,
    garments: customerGarmentsView(
      services.config.brand,
      await customerGarments(services, { customerId: request.customer!.id }),
    ),
  }));

  route(app, e.sendReport, staffOnly, async ({ params }, request) => {
    const sent = await sendIntakeReport(services, { actor: staffOf(request), orderId: params.id });
    const report = sent.to
      ? `Intake report of ${sent.garments} item${sent.garments === 1 ? '' : 's'} e-mailed to ${sent.to}.`
      : `Intake report of ${sent.garments} item${sent.garments === 1 ? '' : 's'} saved (the order has no e-mail address).`;
    return {
      status: true,
      message: sent.approvalRequested
        ? `${report} ${approvalText.requested(sent.approvalRequested)}`
        : report,
      reported_at: sent.reportedAt.toISOString(),
    };
  });

  route(app, e.openCases, staffOnly, async () => ({
    status: true,
    ...openCasesView(services.config.brand, await openCases(services)),
  }));

  route(
    app,
    e.answerCase,
    { ...staffOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) => {
      const answered = await answerCase(services, {
        actor: staffOf(request),
        caseId: params.id,
        answer: body.answer,
      });
      return {
        status: true,
        message: answered.customerEmail
          ? `Answer saved and e-mailed to ${answered.customerEmail}. The case is closed.`
          : 'Answer saved. The case is closed.',
      };
    },
  );
}
