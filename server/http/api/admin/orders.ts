import type { FastifyInstance, FastifyRequest } from 'fastify';
import { branchScope } from '../../../auth/branch-scope';
import { api } from '@shared/api';
import { londonToday } from '@shared/london-time';
import type { AppServices } from '../../../services';
import { answerCustomer } from '../../../use-cases/approvals/order-thread';
import { resendApprovalRequest } from '../../../use-cases/approvals/price-approval';
import { approvalText } from '../../../use-cases/approvals/present-approval';
import { listOrders } from '../../../use-cases/orders/list-orders';
import { moveOrder } from '../../../use-cases/orders/move-order';
import { orderBoard } from '../../../use-cases/orders/order-board';
import { adminOrderDetail } from '../../../use-cases/orders/order-detail';
import { boardView, orderListRowView } from '../../../use-cases/orders/present-board';
import { adminOrderView, itemsSavedView } from '../../../use-cases/orders/present-order-for-staff';
import { sendInvoice } from '../../../use-cases/orders/send-invoice';
import { setOrderItems } from '../../../use-cases/orders/set-order-items';
import { chargeSavedCard } from '../../../use-cases/payments/charge-order';
import { paymentText } from '../../../use-cases/payments/present-payment';
import { refundOrder } from '../../../use-cases/payments/refund-order';
import { settleOverpayment } from '../../../use-cases/payments/settle-overpayment';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/**
 * The board, the order list and one order: moving it along the pipeline, its items, invoice,
 * charge, refund and settlement, and the customer's thread.
 */
export function adminOrderRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const now = () => services.now();
  const e = api.admin;

  // Issue 32: the board and the list show the caller's branch (the owner: all, or one picked).
  const branchIdsOf = async (request: FastifyRequest) =>
    (await branchScope(services.db, staffOf(request))).branchIds;
  route(app, e.board, staffOnly, async ({ query }, request) => ({
    status: true,
    board: boardView(
      services.config.brand,
      await orderBoard(services, {
        day: query.date ?? londonToday(now()),
        branchIds: await branchIdsOf(request),
      }),
    ),
  }));
  route(app, e.orders, staffOnly, async ({ query }, request) => ({
    status: true,
    orders: (
      await listOrders(services, {
        status: query.status,
        search: query.q,
        branchIds: await branchIdsOf(request),
      })
    ).map((o) => orderListRowView(services.config.brand, o)),
  }));
  route(app, e.order, staffOnly, async ({ params }) => ({
    status: true,
    order: adminOrderView(
      services.config.brand,
      await adminOrderDetail(services, { id: params.id }),
    ),
  }));
  route(
    app,
    e.moveOrder,
    { ...staffOnly, invalidMessage: 'Choose a valid next status.' },
    async ({ params, body }, request) => {
      const moved = await moveOrder(services, {
        actor: staffOf(request),
        orderId: params.id,
        ...body,
      });
      return {
        status: true,
        message: `${moved.order_no} is now ${moved.status}.`,
        order_no: moved.order_no,
        order_status: moved.status,
        emailed: moved.emailed,
      };
    },
  );
  route(
    app,
    e.setItems,
    { ...staffOnly, invalidMessage: 'Please check the items.' },
    async ({ params, body }, request) => {
      const totals = await setOrderItems(services, {
        actor: staffOf(request),
        orderId: params.id,
        discountPence: body.discount,
        settle: body.settle,
        lines: body.lines.map((l) => ({
          service_id: l.service_id,
          quantity: l.quantity,
          unit_price_pence: l.unit_price,
        })),
      });
      const message = [
        'Items and totals saved.',
        totals.settlement,
        totals.approvalRequested ? approvalText.requested(totals.approvalRequested) : null,
      ]
        .filter(Boolean)
        .join(' ');
      return { status: true, ...itemsSavedView(services.config.brand, totals), message };
    },
  );
  // Money paid above an order's total: refunded through the provider, or made account credit.
  route(
    app,
    e.settle,
    { ...staffOnly, invalidMessage: 'Choose to refund or to keep as credit.' },
    async ({ params, body }, request) => {
      const settled = await settleOverpayment(services, {
        actor: staffOf(request),
        orderId: params.id,
        how: body.how,
      });
      return { status: true, message: settled.message };
    },
  );
  // Money leaving the business: the owner's decision, with a credit note each time.
  route(
    app,
    e.refund,
    { ...ownerOnly, invalidMessage: 'Please check the refund.' },
    async ({ params, body }, request) => {
      const refund = await refundOrder(services, {
        actor: staffOf(request),
        orderId: params.id,
        amountPence: body.amount,
        reason: body.reason,
      });
      return {
        status: true,
        message: paymentText.refundedWithCreditNote(refund.refundedPence, refund.requestedPence),
        order_no: refund.orderNo,
        refunded: paymentText.amount(refund.refundedPence),
      };
    },
  );
  route(app, e.invoice, staffOnly, async ({ params }, request) => ({
    status: true,
    ...(await sendInvoice(services, { actor: staffOf(request), orderId: params.id })),
  }));
  route(
    app,
    e.answer,
    { ...staffOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) => {
      const answered = await answerCustomer(services, {
        actor: staffOf(request),
        orderId: params.id,
        body: body.message,
      });
      return { status: true, message: `Answer saved and e-mailed to ${answered.customerEmail}.` };
    },
  );
  route(app, e.resendApproval, staffOnly, async ({ params }, request) => {
    const sent = await resendApprovalRequest(services, {
      actor: staffOf(request),
      orderId: params.id,
    });
    return {
      status: true,
      message: `Approval request for order ${sent.orderNo} sent again to ${sent.customerEmail}, with a new link.`,
    };
  });
  route(app, e.charge, staffOnly, async ({ params }, request) => {
    const outcome = await chargeSavedCard(services, {
      orderId: params.id,
      actor: staffOf(request),
    });
    return {
      status: outcome.status === 'succeeded',
      charge_status: outcome.status,
      message: outcome.message,
    };
  });
}
