import { z } from 'zod';
import { estimateInputSchema, placeOrderSchema } from '../checkout';
import { minimumOrder } from '../price-rules';
import { text } from '../text';
import { addressSchema, guestDetailsSchema } from '../validation';
import { endpoint, failures, money, ok } from './contract';

/*
 * Checkout of spec section 7: the guest details step, placing the order, and the order's
 * confirmation. Who orders is decided by the server: the logged-in session, or the checkout
 * token that /api/guest or /api/register gave this browser or app.
 */

/** What the customer said they were sending and their cap, as the server priced them. */
export const orderEstimate = z
  .object({
    not_sure: z.boolean(),
    items: z.array(
      z.object({
        service_id: z.number().int(),
        item_name: text(),
        quantity: z.number().int(),
        price: money.meta({ description: '0.00: call for price, priced at the shop' }),
        line_total: money,
        call_for_price: z.boolean(),
      }),
    ),
    total: money.nullable().meta({
      description: `The estimate with the ${minimumOrder} minimum; null when nothing was listed`,
    }),
    minimum_applied: z.boolean(),
    price_cap: money
      .nullable()
      .meta({ description: 'Charged automatically up to this; above it the customer is asked' }),
  })
  .meta({ id: 'OrderEstimate' });

export const orderConfirmation = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    order_no: text(),
    order_date: text(),
    status: text(),
    pickup_start_date: text(),
    pickup_end_date: text(),
    delivery_start_date: text(),
    delivery_end_date: text(),
    amount_due: text(),
    payment_state: text(),
    estimate: orderEstimate.nullable(),
    tracking_path: text().meta({ description: 'The order’s tracking page, /track/{token}' }),
    discount: text()
      .nullable()
      .meta({
        description:
          'The promo or referral code the order was placed with and what it takes off (issue 18), or null',
        examples: ['promo code APP30: 30 % off, taken off your invoice'],
      }),
  })
  .meta({
    id: 'OrderConfirmation',
    description: 'Nothing personal: anyone with the link reads it.',
  });

export const checkoutApi = {
  guest: endpoint({
    method: 'POST',
    path: '/api/guest',
    operationId: 'startGuestCheckout',
    tag: 'Checkout',
    summary: 'A guest’s details and address: the checkout token that places their order',
    body: guestDetailsSchema.extend({
      address: addressSchema.optional(),
      /** A guest sends no password; one sent anyway is ignored, never stored. */
      password: text().optional().meta({ deprecated: true }),
    }),
    legacyFields: ['password'],
    replies: {
      200: z.object({
        status: ok,
        customer_id: z.uuid(),
        address_id: z.uuid(),
        checkout_token: text().meta({
          description: 'Send as `X-Checkout-Token` to place the order',
        }),
      }),
      ...failures(422, 429),
    },
  }),
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/placeorder',
    operationId: 'placeOrder',
    tag: 'Checkout',
    summary: 'Places the order: its slots are taken, the confirmation e-mailed',
    description:
      'As a guest or new customer: send the checkout token of /api/guest or /api/register as `X-Checkout-Token`. Logged in: the session (Bearer token or cookie); the booking address is `address`. Send an `idempotency_key` per checkout attempt: a retry returns the same order. `payment_url` is the payment page (save a card or verify PayPal) with its signed token.',
    auth: ['checkoutToken', 'bearer', 'cookie'],
    body: placeOrderSchema,
    legacyFields: [
      'customer_id',
      'customer_address_id',
      'pickup_end',
      'pickup_display',
      'delivery_end',
      'delivery_display',
      'customer_email',
      'customer_phone',
      'postalcode',
      'billing_address',
      'shipping_address',
      'full_address',
      'address_type',
      'ip',
    ],
    replies: {
      200: z.object({
        status: ok,
        message: text(),
        order: z.object({
          order_id: z.uuid(),
          order_no: text(),
          status: text(),
          payment_url: text().meta({ description: 'The payment page with its signed link token' }),
          estimate_total: money.nullable().meta({
            description: `The estimate as the server priced it from the price list, with the ${minimumOrder} minimum; null when no items were listed`,
          }),
          price_cap: money.nullable().meta({
            description: 'The cap saved on the order (the one sent, or the default)',
          }),
        }),
      }),
      ...failures(401, 409, 422),
    },
  }),
  checkPromoCode: endpoint({
    method: 'POST',
    path: '/api/promo/check',
    operationId: 'checkPromoCode',
    tag: 'Checkout',
    summary: 'Apply: checks a promo or referral code before placing, and what it takes off',
    description:
      'The rules placing the order uses (unknown, not started, expired, used up, first order only, your limit, minimum spend, your own referral code), for the caller of the checkout: its `X-Checkout-Token`, or the session with the booking `address`. Nothing is counted: the code is checked again, and its use taken, by POST /api/placeorder. `discount` is what it takes off the `estimate`’s items (null when nothing is listed); `total` the estimate after it, with the minimum order. Limited per IP (429).',
    auth: ['checkoutToken', 'bearer', 'cookie'],
    body: z.object({
      promo_code: text()
        .trim()
        .max(40, 'Please check the code.')
        .meta({ examples: ['APP30'] }),
      estimate: estimateInputSchema.optional(),
      address: addressSchema.optional(),
      checkout_token: text().max(200).optional(),
    }),
    replies: {
      200: z.object({
        status: ok,
        code: text(),
        source: z.enum(['promo', 'referral']),
        label: text().meta({ examples: ['Promo APP30', 'Referral code GRACE-7QX2'] }),
        offer: text().meta({ examples: ['30 % off', '£10.00 off'] }),
        kind: z.enum(['percent', 'fixed']),
        percent_off: z.number().int().nullable(),
        amount_off: money.nullable(),
        min_spend: money,
        discount: money.nullable(),
        total: money.nullable(),
      }),
      ...failures(401, 422, 429),
    },
  }),
  orderConfirmation: endpoint({
    method: 'GET',
    path: '/api/order/:id',
    operationId: 'getOrderConfirmation',
    tag: 'Checkout',
    summary: 'The order’s confirmation (spec 3): number, date, windows, amount due',
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    replies: { 200: z.object({ status: ok, order: orderConfirmation }), ...failures(400, 404) },
  }),
};
