import { z } from 'zod';
import { text } from '../text';
import { endpoint, failures, instant, ok } from './contract';

/*
 * Booking of spec section 7: collection and delivery slots, the address lookup (Loqate's
 * Find / Retrieve shape, or the bundled offline set), coverage and the area waitlist.
 */

export const slot = z
  .object({
    slot_date: text().meta({ examples: ['2026-11-24'] }),
    slot_start: text().meta({
      description: "HH:MM in London, or 'express' for same-day delivery by phone",
      examples: ['09:00'],
    }),
    slot_end: text().meta({ examples: ['10:00'] }),
    display: text().meta({ examples: ['Tue 24 Nov, 09:00 - 10:00'] }),
    starts_at: instant,
    ends_at: instant,
    full: z.boolean().optional().meta({
      description: 'Only with `include_full=true`: the window has no place left (shown as full)',
    }),
  })
  .meta({ id: 'Slot' });

/** `?include_full=true` lists full windows too, marked `full` (the slot picker; issue 18). */
const listingQuery = z.object({
  include_full: z
    .enum(['true', 'false'], { error: 'include_full must be true or false.' })
    .optional()
    .meta({ description: 'true: also list full windows, marked `full: true`' }),
});

export const addressSuggestion = z
  .object({
    Id: text(),
    Type: text().meta({ description: "'Address' can be retrieved; anything else is a container" }),
    Text: text(),
    Description: text(),
    Label: text(),
  })
  .meta({ id: 'AddressSuggestion' });

/** The address lookup's result (spec 3: Label, PostalCode, Company, Type, and its parts). */
export const retrievedAddress = z
  .object({
    Id: text(),
    Label: text(),
    Line1: text(),
    Line2: text(),
    City: text(),
    PostalCode: text(),
    Company: text(),
    BuildingNumber: text(),
    Street: text(),
    Type: text().meta({ description: "'Residential' or 'Commercial'" }),
  })
  .meta({ id: 'RetrievedAddress' });

const coverage = z
  .discriminatedUnion('served', [
    z.object({
      served: z.literal(true),
      postcode: text(),
      area: z.object({ name: text(), area_code: text() }),
    }),
    z.object({ served: z.literal(false), postcode: text(), message: text() }),
  ])
  .meta({ id: 'Coverage' });

export const bookingApi = {
  pickupSlots: endpoint({
    method: 'GET',
    path: '/api/pickup',
    operationId: 'listPickupSlots',
    tag: 'Booking',
    summary: 'Collection windows that can still be booked, soonest first',
    query: listingQuery,
    replies: { 200: z.array(slot), ...failures(400) },
  }),
  deliverySlots: endpoint({
    method: 'GET',
    path: '/api/delivery/:slot',
    operationId: 'listDeliverySlots',
    tag: 'Booking',
    summary: 'Delivery windows for a chosen collection window (its date and start)',
    description:
      "The first option is the synthetic same-day express delivery (`slot_start: 'express'`), arranged by phone.",
    params: z.object({
      slot: text()
        .max(40)
        .meta({
          description: 'The collection window as "2026-11-24 09:00"',
          examples: ['2026-11-24 09:00'],
        }),
    }),
    query: listingQuery,
    replies: { 200: z.array(slot), ...failures(400) },
  }),
  findAddress: endpoint({
    method: 'GET',
    path: '/api/address/find',
    operationId: 'findAddress',
    tag: 'Booking',
    summary:
      'Address suggestions (GB only, from 2 characters); a container narrows to its addresses',
    query: z.object({
      text: text({ error: 'Please type at least 2 characters of your address.' }).trim().max(100),
      container: text().max(200).optional(),
    }),
    replies: {
      200: z.object({
        Items: z.array(addressSuggestion),
        provider: z.enum(['loqate', 'bundled']),
      }),
      ...failures(400),
    },
  }),
  retrieveAddress: endpoint({
    method: 'GET',
    path: '/api/address/retrieve/:id',
    operationId: 'retrieveAddress',
    tag: 'Booking',
    summary: 'The full address of a suggestion',
    params: z.object({ id: text().min(1).max(200) }),
    replies: { 200: z.object({ Items: z.array(retrievedAddress) }), ...failures(400) },
  }),
  coverage: endpoint({
    method: 'GET',
    path: '/api/coverage',
    operationId: 'checkCoverage',
    tag: 'Booking',
    summary: 'Whether the shop collects from a postcode',
    query: z.object({ postcode: text({ error: 'Please enter a valid UK postcode' }).max(10) }),
    replies: { 200: coverage, ...failures(400, 422) },
  }),
  joinWaitlist: endpoint({
    method: 'POST',
    path: '/api/area-waitlist',
    operationId: 'joinAreaWaitlist',
    tag: 'Booking',
    summary: 'Tells an e-mail address when the shop starts collecting from a postcode',
    body: z.object({
      email: z.email({ error: 'Please enter a valid email address' }).max(254),
      postcode: text({ error: 'Please enter a valid UK postcode' }).max(10),
    }),
    replies: { 200: z.object({ status: ok, message: text() }), ...failures(422, 429) },
  }),
};
