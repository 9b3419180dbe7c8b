import { z } from 'zod';
import { addressSchema, fields, messages } from './validation';

/**
 * The order placement payload of spec section 3, as the server accepts it. Who orders is not
 * part of it: the server knows from the session or the checkout token (customer_id and
 * customer_address_id are accepted for compatibility and ignored).
 */
export const placeOrderSchema = z.object({
  customer_id: z.string().optional(),
  customer_address_id: z.string().optional(),
  pickup_date: z.string({ error: 'Please choose a collection slot' }).regex(/^\d{4}-\d{2}-\d{2}$/),
  pickup_start: z.string({ error: 'Please choose a collection slot' }).regex(/^\d{2}:\d{2}$/),
  pickup_end: z.string().optional(),
  pickup_display: z.string().max(100).optional(),
  delivery_date: z.string({ error: 'Please choose a delivery slot' }).regex(/^\d{4}-\d{2}-\d{2}$/),
  delivery_start: z
    .string({ error: 'Please choose a delivery slot' })
    .regex(/^(\d{2}:\d{2}|express)$/),
  delivery_end: z.string().optional(),
  delivery_display: z.string().max(100).optional(),
  customer_name: fields.fullName,
  customer_email: fields.email,
  customer_phone: fields.ukMobile,
  customer_notes: z.string().trim().max(1000).optional().default(''),
  company_name: z.string().trim().max(200).optional().default(''),
  door_number: z.string().trim().max(50).optional().default(''),
  postalcode: z.string().max(10).optional(),
  billing_address: z.string().max(500).optional(),
  shipping_address: z.string().max(500).optional(),
  full_address: z.string().max(500).optional(),
  address_type: z.string().max(50).optional(),
  /** The address chosen at booking; used for a logged-in customer's order. */
  address: z.union([addressSchema, z.string().max(2000)]).optional(),
  status: z.enum(['pending', 'pending payment'], { error: messages.mandatory }),
  ip: z.string().optional(),
  /** One per checkout attempt: a retry with the same key returns the same order. */
  idempotency_key: z.string().trim().min(8).max(100).optional(),
  checkout_token: z.string().max(200).optional(),
});
export type PlaceOrderPayload = z.infer<typeof placeOrderSchema>;
