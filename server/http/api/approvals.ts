import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@shared/api';
import { getCurrentCustomer } from '../../auth/current-customer';
import type { AppServices } from '../../services';
import {
  approvalDetail,
  approvePrice,
  askAboutPrice,
  type ApprovalCaller,
} from '../../use-cases/approvals/price-approval';
import { approvalText, priceApprovalView } from '../../use-cases/approvals/present-approval';
import { formatPence } from '@shared/money';
import { route } from '../contract-routes';
import { credentialsOf } from '../identity';

/** /api/approvals: the customer answers a total above their cap (issue 15, decision 024). */
export function approvalsRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.approvals;
  // The holder of the e-mailed link (X-Approval-Token), or the order's customer logged in.
  const callerOf = async (request: FastifyRequest, approvalId: string): Promise<ApprovalCaller> => {
    const token = request.headers['x-approval-token'];
    const customer = await getCurrentCustomer(services, credentialsOf(request));
    return {
      approvalId,
      token: typeof token === 'string' ? token : null,
      customerId: customer?.id ?? null,
    };
  };

  route(app, e.approval, {}, async ({ params }, request) => ({
    status: true,
    approval: priceApprovalView(
      services.config.brand,
      await approvalDetail(services, await callerOf(request, params.id)),
    ),
  }));

  route(app, e.approve, {}, async ({ params }, request) => {
    const approved = await approvePrice(services, await callerOf(request, params.id));
    return {
      status: true,
      message: approvalText.approved(approved.orderNo, approved.amountPence),
      order_no: approved.orderNo,
      amount: formatPence(approved.amountPence),
    };
  });

  route(
    app,
    e.ask,
    { invalidMessage: 'Please check your message.' },
    async ({ params, body }, request) => {
      const asked = await askAboutPrice(services, {
        ...(await callerOf(request, params.id)),
        body: body.message,
      });
      return { status: true, message: approvalText.asked(asked.orderNo), order_no: asked.orderNo };
    },
  );
}
