import {
  callerAt,
  firstSlots,
  logIn,
  signUp,
  placeGuestOrder as placeOrderAsGuest,
  type SlotPair,
} from '@tests/helpers/fixtures';

export type { SlotPair };

/** The first bookable collection and its first delivery (not the express option). */
export function pickupAndDelivery(baseUrl: string): Promise<SlotPair> {
  return firstSlots(callerAt(baseUrl));
}

/**
 * One whole guest checkout (the guest step, then the order), through the same fixture as the
 * tests. True when the order is placed; a refusal counts as an error of the run, not a crash.
 */
export async function placeGuestOrder(
  baseUrl: string,
  slots: SlotPair,
  n: number,
  onPlaced?: (orderId: string) => void,
): Promise<boolean> {
  // Many visitors behind one proxy, as in production (the server trusts one proxy hop).
  const visitor = { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  try {
    const { order } = await placeOrderAsGuest(callerAt(baseUrl), {
      details: {
        name: 'Bench Customer',
        email: `bench-${process.pid}-${n}@example.com`,
        phone: '07700900123',
      },
      order: { idempotency_key: `bench-${process.pid}-${n}`, customer_notes: '' },
      headers: visitor,
      slots,
    });
    onPlaced?.(order.order_id);
    return true;
  } catch {
    return false;
  }
}

/** A customer signed up and signed in on the bench's server: their session cookie. */
export async function signedInCustomer(baseUrl: string): Promise<string> {
  const caller = callerAt(baseUrl);
  const email = `bench-account-${process.pid}@example.com`;
  await signUp(caller, { email }, { 'X-Forwarded-For': '10.250.0.1' });
  const token = await logIn(caller, email, undefined, { 'X-Forwarded-For': '10.250.0.2' });
  return `cl_session=${token}`;
}
