import { z } from 'zod';
import { capMessages, ESTIMATE_QUANTITY, MAX_ESTIMATE_LINES, NOT_SURE_CAP_PENCE } from './estimate';
import {
  formatGbpInText,
  formatPence,
  MAX_ORDER_PENCE,
  MINIMUM_ORDER_PENCE,
  poundsField,
} from './money';
import { minimumOrder } from './price-rules';
import { isoDate, text } from './text';
import { addressSchema, fields, messages } from './validation';
import { textUpdatesSchema } from './message-preferences';
import { ORDER_SOURCES } from './app-offer';

/**
 * What the customer says they are sending (issue 15): items of the price list with their
 * quantities, or "not sure". The server prices them from the price list; a total from the
 * client is never read.
 */
export const estimateInputSchema = z
  .object({
    items: z
      .array(
        z.object({
          service_id: z
            .number({ error: capMessages.chooseItem })
            .int(capMessages.chooseItem)
            .positive(capMessages.chooseItem)
            .meta({ description: 'A service id of GET /api/pricelist' }),
          quantity: z
            .number({ error: capMessages.quantity })
            .int(capMessages.quantity)
            .min(ESTIMATE_QUANTITY.min, capMessages.quantity)
            .max(ESTIMATE_QUANTITY.max, capMessages.quantity),
        }),
        { error: capMessages.chooseItem },
      )
      .max(MAX_ESTIMATE_LINES, capMessages.tooManyLines)
      .default([]),
    not_sure: z
      .boolean({ error: 'not_sure is true or false.' })
      .default(false)
      .meta({
        description: `The customer does not know: no items, the not-sure cap (${formatGbpInText(NOT_SURE_CAP_PENCE)})`,
      }),
  })
  .superRefine((value, ctx) => {
    if (value.not_sure && value.items.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['not_sure'], message: capMessages.bothNotSure });
    }
  })
  .meta({
    id: 'EstimateInput',
    description: `What the customer is sending. The server prices it from the price list: the estimate with the ${minimumOrder} minimum; call-for-price items are priced at the shop, not in the estimate.`,
  });
export type EstimateInput = z.infer<typeof estimateInputSchema>;

/** The price cap: pounds as this endpoint's money ('40.00'), at least the minimum order. */
export const priceCapSchema = poundsField(capMessages.notMoney, MAX_ORDER_PENCE)
  .refine((pence) => pence >= MINIMUM_ORDER_PENCE, { message: capMessages.belowMinimum })
  .meta({
    description: `Charge the card automatically up to this, in pounds ('${formatPence(NOT_SURE_CAP_PENCE)}'); above it the customer is asked first. At least ${formatPence(MINIMUM_ORDER_PENCE)}. Default: the estimate rounded up to the next whole £5 (at least ${formatPence(MINIMUM_ORDER_PENCE)}), or ${formatPence(NOT_SURE_CAP_PENCE)} when not sure or no estimate.`,
    examples: [formatPence(NOT_SURE_CAP_PENCE)],
  });

/**
 * The order placement payload of spec section 3, as the server accepts it. Who orders is not
 * part of it: the server knows from the session or the checkout token. The fields the server
 * finds itself (the ids, the slots' ends and labels, the account's e-mail and phone, the
 * address as flat fields, the IP) are accepted for compatibility and ignored: the endpoint's
 * `legacyFields` (shared/api/checkout.ts) lists them.
 */
export const placeOrderSchema = z.object({
  customer_id: text().optional(),
  customer_address_id: text().optional(),
  pickup_date: isoDate('Please choose a collection slot'),
  pickup_start: text({ error: 'Please choose a collection slot' }).regex(/^\d{2}:\d{2}$/),
  pickup_end: text().optional(),
  pickup_display: text().max(100).optional(),
  delivery_date: isoDate('Please choose a delivery slot'),
  delivery_start: text({ error: 'Please choose a delivery slot' }).regex(/^(\d{2}:\d{2}|express)$/),
  delivery_end: text().optional(),
  delivery_display: text().max(100).optional(),
  customer_name: fields.fullName,
  customer_email: fields.email,
  customer_phone: fields.ukMobile,
  customer_notes: text().trim().max(1000).optional().default(''),
  company_name: text().trim().max(200).optional().default(''),
  door_number: text().trim().max(50).optional().default(''),
  /** Issue 18: the building's name and how to get in, as entered (kept on the order). */
  building: text().trim().max(100).optional().default(''),
  access_notes: text()
    .trim()
    .max(500, 'Access notes may be at most 500 characters')
    .optional()
    .default(''),
  postalcode: text().max(10).optional(),
  billing_address: text().max(500).optional(),
  shipping_address: text().max(500).optional(),
  full_address: text().max(500).optional(),
  address_type: text().max(50).optional(),
  /** The address chosen at booking; used for a logged-in customer's order. */
  address: z.union([addressSchema, text().max(2000)]).optional(),
  status: z.enum(['pending', 'pending payment'], { error: messages.mandatory }).meta({
    description:
      "How the customer pays after cleaning, in the spec's words: `pending payment` when they save a card or verify PayPal now (at `payment_url`; the order waits in 'pending payment' until they do), `pending` when they pay by the link of the invoice e-mailed before delivery. The order's status is set by the server from this choice.",
  }),
  ip: text().optional(),
  /** One per checkout attempt: a retry with the same key returns the same order. */
  idempotency_key: text().trim().min(8).max(100).optional(),
  checkout_token: text().max(200).optional(),
  estimate: estimateInputSchema.optional(),
  price_cap: priceCapSchema.optional(),
  /** Issue 17: "Text me updates" about the order; absent leaves the customer's choice as it is. */
  text_updates: textUpdatesSchema.optional().meta({
    description:
      'Text me updates about my orders: `sms` or `whatsapp` (to the customer’s phone, 422 if it cannot take texts) or `none` (texts off, e-mail on). Absent: the customer’s choices stay as they are (a new guest gets no texts).',
  }),
  /** Issue 18: a promo code, or a friend's referral code on a first order. */
  promo_code: text()
    .trim()
    .max(40, 'Please check the code.')
    .optional()
    .meta({
      description:
        'A promo code (such as APP30) or a friend’s referral code on a first order. Checked when the order is placed: 422 on `promo_code` with a message naming the rule (unknown, not started, expired, used up, your limit, minimum spend, first order only); its use is counted then. The discount is taken off when the order is invoiced.',
      examples: ['APP30'],
    }),
  /** Issue 33: where the order is placed (the installed app sends 'app'). */
  source: z.enum(ORDER_SOURCES, { error: 'Choose web or app as the source.' }).optional().meta({
    description:
      'Where the order is placed: `app` from the installed app (display-mode standalone), `web` (the default) from the site in a browser',
  }),
  /** Issue 33: the order claims the app's first-order offer. */
  app_offer: z.boolean({ error: 'Please send app_offer as true or false.' }).optional().meta({
    description:
      'Claims the app’s first-order offer (brand `appDiscountPercent` off the cleaning, on its own invoice line): for an order with `source` app, once per customer, e-mail, phone and home, and with no promo or referral code. Refused with 422 on `app_offer`: `app-offer-app-only`, `app-offer-used`, `app-offer-not-combined`.',
  }),
});
export type PlaceOrderPayload = z.infer<typeof placeOrderSchema>;
