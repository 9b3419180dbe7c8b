import { and, desc, eq, isNull } from 'drizzle-orm';
import type { EstimateInput } from '@shared/checkout';
import { estimateOrder } from '@shared/estimate';
import {
  describeOffer,
  estimateWithCode,
  normalisePromoCode,
  type AppliedCode,
} from '@shared/promo';
import type { AddressInput } from '@shared/validation';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { OrderingCustomer } from '../../auth/ordering-customer';
import { customerAddresses, customers } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { priceEstimate } from './price-estimate';
import { evaluatePromoCode } from '../promos/redeem-promo-code';
import { orderKeys } from '../promos/same-person';

export const ENTER_A_CODE = 'Please enter a promo or referral code.';

export type CheckedCode = {
  applied: AppliedCode;
  /** "30 % off", "£10.00 off". */
  offer: string;
  /** What it takes off the estimate's items; null when nothing was listed. */
  discountPence: number | null;
  /** The estimate after it, with the minimum order; null when nothing was listed. */
  totalPence: number | null;
};

/**
 * The checkout's Apply (issue 31): a promo or referral code checked for the person about to
 * order, by the rules placing the order uses (`evaluatePromoCode`: first order only and a
 * friend's code as the same person, shared/same-person.ts), and what it takes off their
 * estimate. Nothing is written or counted: the use is taken when the order is placed, where
 * it is checked again. Who is asking is the checkout's own caller (its token or session),
 * never an e-mail from the request, so it tells nobody about someone else's orders. Limited
 * per IP like the other checks of a code. A refusal is a 422 on `promo_code`.
 */
export async function checkPromoCode(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: {
    who: OrderingCustomer;
    code: string;
    /** The booking's address for a logged-in customer (a checkout token has its own). */
    address?: Pick<AddressInput, 'postcode' | 'line1' | 'door_number'>;
    estimate?: EstimateInput;
    ip: string;
  },
): Promise<CheckedCode> {
  const now = deps.now();
  const { db } = deps;
  await hitRateLimit(db, rateRules.promoCheckPerIp, input.ip, now);
  const code = normalisePromoCode(input.code);
  if (!code) throw new ValidationError(ENTER_A_CODE, { promo_code: [ENTER_A_CODE] });
  const { who } = input;
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.id, who.customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) {
    throw new UnauthorizedError('Please fill in your details again to place the order.');
  }
  const home = await homeOf(deps, who, input.address);
  const keys = orderKeys({ email: customer.email, phone: customer.phone, ...home });
  const priced = await priceEstimate(db, { estimate: input.estimate });
  const lines = priced.estimate?.items ?? [];
  const spendPence = lines.length
    ? lines.reduce((sum, i) => sum + i.quantity * i.unitPricePence, 0)
    : null;
  const found = await evaluatePromoCode(db, {
    person: { customerId: customer.id, keys },
    code,
    spendPence,
    now,
  });
  if (!found.checked.ok || !found.rule) {
    const message = found.checked.ok ? ENTER_A_CODE : found.checked.message;
    throw new ValidationError(message, { promo_code: [message] });
  }
  const { rule } = found;
  const applied: AppliedCode = {
    code: rule.code,
    source: found.row ? 'promo' : 'referral',
    kind: rule.kind,
    percentOff: rule.percentOff,
    amountOffPence: rule.amountOffPence,
    minSpendPence: rule.minSpendPence,
  };
  const estimate = estimateOrder({ lines, notSure: priced.estimate?.notSure ?? false });
  const withCode = estimateWithCode(applied, estimate);
  return {
    applied,
    offer: describeOffer(rule),
    discountPence: withCode.discountPence,
    totalPence: withCode.totalPence,
  };
}

/** The home the order would be collected from, as placeOrder finds it. */
async function homeOf(
  deps: Pick<AppServices, 'db'>,
  who: OrderingCustomer,
  address: Pick<AddressInput, 'postcode' | 'line1' | 'door_number'> | undefined,
): Promise<{ postcode: string; line1: string; door: string }> {
  if (who.kind === 'session' && address) {
    return { postcode: address.postcode, line1: address.line1, door: address.door_number };
  }
  const [entry] = await deps.db
    .select({
      postcode: customerAddresses.postcode,
      line1: customerAddresses.line1,
      door: customerAddresses.doorNumber,
    })
    .from(customerAddresses)
    .where(
      who.kind === 'checkout-token'
        ? and(
            eq(customerAddresses.id, who.addressId),
            eq(customerAddresses.customerId, who.customerId),
          )
        : eq(customerAddresses.customerId, who.customerId),
    )
    .orderBy(desc(customerAddresses.updatedAt))
    .limit(1);
  return entry ?? { postcode: '', line1: '', door: '' };
}
