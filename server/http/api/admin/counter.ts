import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { createWalkIn, findAtCounter } from '../../../use-cases/counter/counter-customers';
import {
  collectedMessage,
  counterCustomerView,
  readyMessage,
  foundTicketView,
  ticketView,
} from '../../../use-cases/counter/present-ticket';
import { collectTicket } from '../../../use-cases/counter/collect-ticket';
import { markTicketReady } from '../../../use-cases/counter/mark-ready';
import { raiseTicketByCard, type CardRow } from '../../../use-cases/counter/card-at-counter';
import { cardPaymentView } from '../../../use-cases/counter/present-counter-payments';
import { raiseTicket } from '../../../use-cases/counter/raise-ticket';
import { counterTicket } from '../../../use-cases/counter/ticket';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/**
 * The counter (issue 32, decision 049): owner and staff; a driver is refused (403). Each
 * handler parses, calls one use-case and presents its result.
 */
export function adminCounterRoutes(app: FastifyInstance, services: AppServices) {
  const counterStaff = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const e = api.admin;
  const numbering = services.config.brand;

  route(app, e.counterFind, counterStaff, async ({ query }, request) => {
    const found = await findAtCounter(services, { actor: staffOf(request), query: query.q });
    return {
      status: true,
      customers: found.customers.map(counterCustomerView),
      ticket: found.ticket ? foundTicketView(numbering, found.ticket) : null,
    };
  });
  route(
    app,
    e.counterWalkIn,
    { ...counterStaff, invalidMessage: 'Please check the customer’s details.' },
    async ({ body }, request) => {
      const staff = staffOf(request);
      const result = await createWalkIn(services, {
        actor: { id: staff.id, name: staff.name, role: staff.role },
        name: body.name,
        phone: body.phone_number,
        email: body.email,
        notifySms: body.notify_sms,
        confirmNew: body.confirm_new,
      });
      return {
        status: true,
        customer: result.created ? counterCustomerView(result.created) : null,
        matches: result.matches.map(counterCustomerView),
      };
    },
  );
  route(
    app,
    e.counterRaiseTicket,
    { ...counterStaff, invalidMessage: 'Please check the ticket.' },
    async ({ body }, request) => {
      const staff = staffOf(request);
      const details = {
        staff,
        customerId: body.customer_id,
        lines: body.lines.map((l) => ({
          serviceId: l.service_id,
          quantity: l.quantity,
          unitPricePence: l.unit_price_pence,
          note: l.note,
        })),
        promisedReadyAt: body.promised_ready_at ? new Date(body.promised_ready_at) : undefined,
        speed: body.speed,
      };
      const { payment } = body;
      const raised: { order: { id: string }; card?: CardRow } =
        payment.kind === 'card'
          ? await raiseTicketByCard(services, { ...details, depositPence: payment.deposit_pence })
          : await raiseTicket(services, {
              ...details,
              payment:
                payment.kind === 'cash'
                  ? {
                      kind: 'cash',
                      tenderedPence: payment.tendered_pence,
                      depositPence: payment.deposit_pence,
                    }
                  : { kind: 'at-collection' },
            });
      const ticket = ticketView(
        numbering,
        await counterTicket(services, { staff, orderId: raised.order.id }),
      );
      return {
        status: true,
        message: `Ticket ${ticket.order_no} raised.`,
        ticket,
        card_payment: raised.card
          ? cardPaymentView(raised.card, services.payments.reader.simulated)
          : null,
      };
    },
  );
  route(
    app,
    e.counterTicketReady,
    { ...counterStaff, invalidMessage: 'Please check where the ticket hangs.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const ready = await markTicketReady(services, { staff, orderId: params.id, rack: body.rack });
      const ticket = ticketView(
        numbering,
        await counterTicket(services, { staff, orderId: params.id }),
      );
      return {
        status: true,
        message: readyMessage({ number: ticket.order_no, rack: body.rack, ...ready }),
        ticket,
      };
    },
  );
  route(
    app,
    e.counterCollect,
    { ...counterStaff, invalidMessage: 'Please check the hand-over.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const done = await collectTicket(services, {
        staff,
        orderId: params.id,
        lineIds: body.line_ids,
        payment:
          body.payment.kind === 'cash'
            ? { kind: 'cash', tenderedPence: body.payment.tendered_pence }
            : { kind: 'none' },
        unpaidReason: body.unpaid_reason,
      });
      const ticket = ticketView(
        numbering,
        await counterTicket(services, { staff, orderId: params.id }),
      );
      return {
        status: true,
        message: collectedMessage({ number: ticket.order_no, ...done }),
        ticket,
      };
    },
  );
  route(app, e.counterTicket, counterStaff, async ({ params }, request) => {
    const found = await counterTicket(services, { staff: staffOf(request), orderId: params.id });
    return { status: true, ticket: ticketView(numbering, found) };
  });
}
