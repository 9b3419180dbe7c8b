import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { payFromAccount } from '../../../use-cases/counter/account-payment';
import {
  cancelCounterCard,
  counterCardState,
  simulateCounterCard,
  startCounterCard,
  type CardRow,
} from '../../../use-cases/counter/card-at-counter';
import { refundCashAtCounter } from '../../../use-cases/counter/cash-refund';
import { cardPaymentView } from '../../../use-cases/counter/present-counter-payments';
import { counterTicketView } from '../../../use-cases/counter/ticket';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/**
 * Money at the counter beyond cash at drop-off (decision 053): the card reader, the
 * customer's saved card or credit, a cash refund. Owner and staff; a driver is refused (403).
 * Each handler parses, calls one use-case and presents the card payment and the ticket.
 */
export function adminCounterPaymentRoutes(app: FastifyInstance, services: AppServices) {
  const counterStaff = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const e = api.admin;
  const reply = async (staff: ReturnType<typeof staffOf>, row: CardRow) => {
    const card = cardPaymentView(row, services.payments.reader.simulated);
    return {
      status: true as const,
      message: card.message,
      card_payment: card,
      ticket: await counterTicketView(services, { staff, orderId: row.orderId }),
    };
  };

  route(
    app,
    e.counterCardStart,
    { ...counterStaff, invalidMessage: 'Please check the amount.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const row = await startCounterCard(services, {
        staff,
        orderId: params.id,
        amountPence: body.amount_pence,
      });
      return reply(staff, row);
    },
  );
  route(app, e.counterCardPayment, counterStaff, async ({ params }, request) => {
    const staff = staffOf(request);
    return reply(staff, await counterCardState(services, { staff, id: params.id }));
  });
  route(app, e.counterCardCancel, counterStaff, async ({ params }, request) => {
    const staff = staffOf(request);
    return reply(staff, await cancelCounterCard(services, { staff, id: params.id }));
  });
  route(
    app,
    e.counterCardSimulate,
    { ...counterStaff, invalidMessage: 'Please choose a test card.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const row = await simulateCounterCard(services, {
        staff,
        id: params.id,
        outcome: body.outcome,
      });
      return reply(staff, row);
    },
  );
  route(
    app,
    e.counterAccountPayment,
    { ...counterStaff, invalidMessage: 'Please choose how the customer pays.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const done = await payFromAccount(services, {
        staff,
        orderId: params.id,
        source: body.source,
      });
      return {
        status: true,
        message: done.message,
        ticket: await counterTicketView(services, { staff, orderId: params.id }),
      };
    },
  );
  route(
    app,
    e.counterCashRefund,
    { ...counterStaff, invalidMessage: 'Please check the refund.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const done = await refundCashAtCounter(services, {
        staff,
        orderId: params.id,
        pence: body.pence,
        reason: body.reason,
      });
      return {
        status: true,
        message: done.message,
        ticket: await counterTicketView(services, { staff, orderId: params.id }),
      };
    },
  );
}
