import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { accountMessages } from '@shared/account-messages';
import type { AppServices } from '../../../services';
import { cancelOrder } from '../../../use-cases/cancellations/cancel-order';
import { listCustomerOrders } from '../../../use-cases/accounts/list-customer-orders';
import { customerOrdersView } from '../../../use-cases/orders/present-order-for-customer';
import { rescheduleOrder } from '../../../use-cases/orders/reschedule-order';
import { route } from '../../contract-routes';
import { customerGuard, customerOf } from '../../identity';

/**
 * The logged-in customer's orders (Bearer or cookie, checked before the request is read):
 * the list with the address book, cancelling, and moving a collection or delivery.
 */
export function customerOrderRoutes(app: FastifyInstance, services: AppServices) {
  const loggedIn = { preHandler: customerGuard(services) };
  const e = api.accounts;

  route(app, e.orders, loggedIn, async (_, request) => {
    const me = customerOf(request);
    const mine = await listCustomerOrders(services, { customerId: me.id });
    return { status: true, customer: customerOrdersView(services.config.brand, mine) };
  });

  route(app, e.cancelOrder, loggedIn, async ({ params }, request) => {
    const me = customerOf(request);
    const result = await cancelOrder(services, { customerId: me.id, orderId: params.id });
    return {
      status: true,
      message: accountMessages.orderCancelled(result.orderNo),
    };
  });

  route(app, e.rescheduleOrder, loggedIn, async ({ params, body }, request) => {
    const me = customerOf(request);
    const moved = await rescheduleOrder(services, {
      customerId: me.id,
      orderId: params.id,
      leg: body.leg,
      date: body.date,
      start: body.time,
    });
    return {
      status: true,
      message: `Your new ${moved.leg} time is ${moved.window}. We have e-mailed you a confirmation.`,
      order_no: moved.orderNo,
      leg: moved.leg,
      window: moved.window,
      collection: moved.collection,
      delivery: moved.delivery,
      delivery_moved: moved.deliveryMoved,
    };
  });
}
