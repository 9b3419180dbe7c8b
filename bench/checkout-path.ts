import { timedRequest } from './load';

type Slot = { slot_date: string; slot_start: string; slot_end: string; display: string };
export type SlotPair = { pickup: Slot; delivery: Slot };

/** The first bookable collection and its first delivery (not the express option). */
export async function pickupAndDelivery(baseUrl: string): Promise<SlotPair> {
  const pickups = JSON.parse((await timedRequest(baseUrl, { path: '/api/pickup' })).body) as
    Slot[] | { data: Slot[] };
  const pickup = (Array.isArray(pickups) ? pickups : pickups.data)[0];
  if (!pickup) throw new Error('no pickup slot offered');
  const deliveries = JSON.parse(
    (
      await timedRequest(baseUrl, {
        path: `/api/delivery/${encodeURIComponent(`${pickup.slot_date} ${pickup.slot_start}`)}`,
      })
    ).body,
  ) as Slot[] | { data: Slot[] };
  const delivery = (Array.isArray(deliveries) ? deliveries : deliveries.data).find(
    (s) => s.slot_start !== 'express',
  );
  if (!delivery) throw new Error('no delivery slot offered');
  return { pickup, delivery };
}

/** One whole guest checkout: the guest step, then the order. True when the order is placed. */
export async function placeGuestOrder(
  baseUrl: string,
  slots: SlotPair,
  n: number,
  onPlaced?: (orderId: string) => void,
) {
  const email = `bench-${process.pid}-${n}@example.com`;
  // Many visitors behind one proxy, as in production (the server trusts one proxy hop).
  const visitor = { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  const guest = await timedRequest(baseUrl, {
    method: 'POST',
    path: '/api/guest',
    headers: visitor,
    body: () =>
      JSON.stringify({
        name: 'Bench Customer',
        email,
        phone: '07700900123',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      }),
  });
  if (guest.status !== 200) return false;
  const reply = JSON.parse(guest.body) as {
    customer_id: string;
    address_id: string;
    checkout_token?: string;
  };
  const order = await timedRequest(baseUrl, {
    method: 'POST',
    path: '/api/placeorder',
    headers: {
      ...visitor,
      ...(reply.checkout_token ? { 'X-Checkout-Token': reply.checkout_token } : {}),
    },
    body: () =>
      JSON.stringify({
        customer_id: reply.customer_id,
        customer_address_id: reply.address_id,
        checkout_token: reply.checkout_token,
        idempotency_key: `bench-${process.pid}-${n}`,
        pickup_date: slots.pickup.slot_date,
        pickup_start: slots.pickup.slot_start,
        pickup_end: slots.pickup.slot_end,
        pickup_display: slots.pickup.display,
        delivery_date: slots.delivery.slot_date,
        delivery_start: slots.delivery.slot_start,
        delivery_end: slots.delivery.slot_end,
        delivery_display: slots.delivery.display,
        customer_name: 'Bench Customer',
        customer_email: email,
        customer_phone: '07700900123',
        postalcode: 'W9 2HD',
        door_number: '12',
        customer_notes: '',
        company_name: '',
        full_address: '12 Elgin Avenue\nLondon\nW9 2HD',
        address_type: 'Residential',
        status: 'pending',
      }),
  });
  if (order.status !== 200) return false;
  const placed = JSON.parse(order.body) as { order?: { order_id?: string } };
  if (placed.order?.order_id) onPlaced?.(placed.order.order_id);
  return true;
}
