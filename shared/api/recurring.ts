import { z } from 'zod';
import { recurringFrequencyList } from '../recurring';
import { isoDate, text } from '../text';
import { addressSchema } from '../validation';
import { endpoint, failures, ok } from './contract';

/*
 * Repeat collections of the account (issue 18, docs/decisions/036): set up a plan, see its
 * next dates, skip one, pause until a date, resume, stop.
 */

const session = ['bearer', 'cookie'] as const;

export const recurringMessages = {
  frequency: 'Please choose how often we collect',
  weekday: 'Please choose the day of the week',
  window: 'Please choose a collection window',
  delivery: 'Please choose a delivery window',
  address: 'Please choose your address or type a new one',
  date: 'Please choose a date',
} as const;

const hhmm = (message: string) =>
  text({ error: message })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** A new plan: how often, which day and windows, and where (a saved address or a typed one). */
export const recurringPlanSchema = z
  .object({
    frequency: z.enum(recurringFrequencyList, { error: recurringMessages.frequency }),
    weekday: z.coerce
      .number({ error: recurringMessages.weekday })
      .int(recurringMessages.weekday)
      .min(1, recurringMessages.weekday)
      .max(7, recurringMessages.weekday)
      .meta({ description: 'ISO weekday: 1 = Monday … 7 = Sunday' }),
    window_start: hhmm(recurringMessages.window).meta({
      description: 'London start of the collection window, HH:MM (a window of GET /api/slots)',
      examples: ['09:00'],
    }),
    delivery_start: hhmm(recurringMessages.delivery).meta({
      description:
        'London start of the delivery window, HH:MM, on the first open day after the turnaround',
      examples: ['18:00'],
    }),
    address_id: z.uuid({ error: recurringMessages.address }).optional().meta({
      description: 'An entry of the customer’s address book',
    }),
    address: addressSchema.optional().meta({ description: 'A typed address (kept in the book)' }),
    notes: text().trim().max(1000).optional().default(''),
  })
  .refine((v) => v.address_id !== undefined || v.address !== undefined, {
    message: recurringMessages.address,
    path: ['address_id'],
  });
export type RecurringPlanInput = z.infer<typeof recurringPlanSchema>;

export const recurringSkipSchema = z.object({
  date: isoDate(recurringMessages.date).meta({ description: 'The collection date to skip' }),
});
export const recurringPauseSchema = z.object({
  until: isoDate(recurringMessages.date).meta({
    description: 'Collections before this London date are not made; later ones are',
  }),
});

export const recurringPlanView = z
  .object({
    id: z.uuid(),
    frequency: z.enum(recurringFrequencyList),
    frequency_label: text().meta({ examples: ['Every week'] }),
    weekday: z.number().int(),
    weekday_label: text().meta({ examples: ['Friday'] }),
    window_start: text(),
    delivery_start: text(),
    address: text().meta({ description: 'The address as printed' }),
    status: z.enum(['active', 'paused', 'stopped']),
    paused_until: text().nullable(),
    summary: text().meta({ examples: ['Every week on Friday, 09:00 - 10:00'] }),
    upcoming: z.array(
      z.object({
        date: text(),
        display: text().meta({ examples: ['Fri 27 Nov'] }),
        state: z.enum(['due', 'skipped', 'paused', 'announced', 'booked', 'failed']),
        note: text().nullable(),
        can_skip: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'RecurringPlan' });
export type RecurringPlanView = z.infer<typeof recurringPlanView>;

const planReply = z.object({ status: ok, message: text(), plan: recurringPlanView });
const planId = z.object({ id: z.uuid({ error: 'We could not find that plan.' }) });

export const recurringApi = {
  listRecurring: endpoint({
    method: 'GET',
    path: '/api/account/recurring',
    operationId: 'listRecurringPlans',
    tag: 'Accounts',
    summary: 'The customer’s repeat collections with their next dates',
    auth: session,
    replies: {
      200: z.object({ status: ok, plans: z.array(recurringPlanView) }),
      ...failures(401),
    },
  }),
  createRecurring: endpoint({
    method: 'POST',
    path: '/api/account/recurring',
    operationId: 'createRecurringPlan',
    tag: 'Accounts',
    summary: 'Sets up a repeat collection (weekly, fortnightly or four-weekly)',
    description:
      'Each collection is announced five days ahead and booked as an order two days ahead, taking a place like any booking (the next free window of that day when the chosen one is full).',
    auth: session,
    body: recurringPlanSchema,
    replies: { 200: planReply, ...failures(401, 422) },
  }),
  skipRecurring: endpoint({
    method: 'POST',
    path: '/api/account/recurring/:id/skip',
    operationId: 'skipRecurringDate',
    tag: 'Accounts',
    summary: 'Skips one collection date (until 18:00 the day before; a booked one is cancelled)',
    auth: session,
    params: planId,
    body: recurringSkipSchema,
    replies: { 200: planReply, ...failures(401, 404, 409, 422) },
  }),
  pauseRecurring: endpoint({
    method: 'POST',
    path: '/api/account/recurring/:id/pause',
    operationId: 'pauseRecurringPlan',
    tag: 'Accounts',
    summary: 'Pauses the plan until a date',
    auth: session,
    params: planId,
    body: recurringPauseSchema,
    replies: { 200: planReply, ...failures(401, 404, 409, 422) },
  }),
  resumeRecurring: endpoint({
    method: 'POST',
    path: '/api/account/recurring/:id/resume',
    operationId: 'resumeRecurringPlan',
    tag: 'Accounts',
    summary: 'Resumes a paused plan',
    auth: session,
    params: planId,
    replies: { 200: planReply, ...failures(401, 404, 409) },
  }),
  stopRecurring: endpoint({
    method: 'POST',
    path: '/api/account/recurring/:id/stop',
    operationId: 'stopRecurringPlan',
    tag: 'Accounts',
    summary: 'Stops the plan for good (collections not yet booked are dropped)',
    auth: session,
    params: planId,
    replies: { 200: planReply, ...failures(401, 404, 409) },
  }),
};
