import { DateTime } from 'luxon';
import { LONDON_ZONE, orderNumber } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { orderAddressLines } from '../accounts/full-address';
import type { OrderRow } from './find-order';

function hhmm(instant: Date) {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('HH:mm');
}

/** One order as the board and route sheet show it. */
export function boardRow(o: OrderRow, kind: 'collection' | 'delivery') {
  const starts = kind === 'collection' ? o.pickupStartsAt : o.deliveryStartsAt;
  const ends = kind === 'collection' ? o.pickupEndsAt : o.deliveryEndsAt;
  return {
    id: o.id,
    order_no: orderNumber(o.orderNo),
    status: o.status,
    window: `${hhmm(starts)}–${hhmm(ends)}`,
    starts_at: starts.toISOString(),
    customer_name: o.customerName,
    customer_phone: o.customerPhone,
    door_number: o.doorNumber,
    company_name: o.companyName,
    full_address: o.fullAddress,
    /** What the customer confirmed, each part once: the one thing the driver reads. */
    address_lines: orderAddressLines(o),
    postcode: o.postcode,
    notes: o.customerNotes,
    amount_due: formatPence(o.amountDuePence),
  };
}
