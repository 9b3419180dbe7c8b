import { londonWindow, orderNumber } from '@shared/london-time';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { formatPence } from '@shared/money';
import type { DbOrTx } from '../../db/client';
import { customerAddresses, customers, orderItems, orders } from '../../db/schema';
import { UnauthorizedError } from '../../errors';
import { checkCancellation } from './cancellation-policy';
import { pendingEmailChange } from './change-email';
import { orderAddressLines, savedAddressLines } from './full-address';

const ZONE = 'Europe/London';

export { orderNumber };

/**
 * GET /orders: the customer with their orders (newest first) and address book, in the
 * spec's field names (section 3) with money as '12.50' strings.
 */
export async function listCustomerOrders(db: DbOrTx, customerId: string, now: Date) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) throw new UnauthorizedError();
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(200);
  const items = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(asc(customerAddresses.createdAt));
  const pendingEmail = await pendingEmailChange(db, customerId, now);

  return {
    name: customer.name,
    email: customer.email,
    phone_number: customer.phone,
    /** A new e-mail address waiting for its confirmation link, or null. */
    pending_email: pendingEmail,
    orders: orderRows.map((o) => {
      const lines = items.filter((i) => i.orderId === o.id);
      const subtotal = lines.length
        ? lines.reduce((sum, i) => sum + i.unitPricePence * i.quantity, 0)
        : o.subtotalPence;
      return {
        id: o.id,
        order_id: o.id,
        order_no: orderNumber(o.orderNo),
        order_date: DateTime.fromJSDate(o.createdAt, { zone: ZONE }).toFormat('dd/LL/yyyy'),
        customer_name: o.customerName,
        customer_phone: o.customerPhone,
        shipping_address: orderAddressLines(o).join('\n'),
        status: o.status,
        pickup_display: londonWindow(o.pickupStartsAt, o.pickupEndsAt),
        delivery_display: londonWindow(o.deliveryStartsAt, o.deliveryEndsAt),
        payment_method: 'Online Payment',
        subtotal: formatPence(subtotal),
        discount: formatPence(o.discountPence),
        total: formatPence(Math.max(0, subtotal - o.discountPence)),
        amount_due: formatPence(o.amountDuePence),
        invoiced: o.invoicedAt !== null,
        can_cancel: checkCancellation(o, now).allowed,
        items: lines.map((i) => ({
          item_name: i.itemName,
          quantity: i.quantity,
          price: formatPence(i.unitPricePence),
          line_total: formatPence(i.unitPricePence * i.quantity),
        })),
      };
    }),
    addresses: addresses.map((a) => ({
      id: a.id,
      full_address: savedAddressLines(a).join('\n'),
      postcode: a.postcode,
      address_type: a.addressType,
    })),
  };
}

export type CustomerOrders = Awaited<ReturnType<typeof listCustomerOrders>>;
export type CustomerOrder = CustomerOrders['orders'][number];
