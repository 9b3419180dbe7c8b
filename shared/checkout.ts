import { z } from 'zod';
import { isoDate, text } from './text';
import { addressSchema, fields, messages } from './validation';

/**
 * The order placement payload of spec section 3, as the server accepts it. Who orders is not
 * part of it: the server knows from the session or the checkout token (customer_id and
 * customer_address_id are accepted for compatibility and ignored).
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
  postalcode: text().max(10).optional(),
  billing_address: text().max(500).optional(),
  shipping_address: text().max(500).optional(),
  full_address: text().max(500).optional(),
  address_type: text().max(50).optional(),
  /** The address chosen at booking; used for a logged-in customer's order. */
  address: z.union([addressSchema, text().max(2000)]).optional(),
  status: z.enum(['pending', 'pending payment'], { error: messages.mandatory }),
  ip: text().optional(),
  /** One per checkout attempt: a retry with the same key returns the same order. */
  idempotency_key: text().trim().min(8).max(100).optional(),
  checkout_token: text().max(200).optional(),
});
export type PlaceOrderPayload = z.infer<typeof placeOrderSchema>;
