import { z } from 'zod';
import {
  recurringFrequencyList,
  recurringPlanChangeSchema,
  recurringPauseSchema,
  recurringPlanSchema,
  recurringSkipSchema,
} from '../recurring';
import { text } from '../text';
import { endpoint, failures, ok } from './contract';

/*
 * Repeat collections of the account (issue 18, docs/decisions/036): set up a plan, see its
 * next dates, change its rule, skip one, pause until a date, resume, stop.
 */

const session = ['bearer', 'cookie'] as const;

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
    notes: text().meta({ description: 'Notes for the driver, copied to each order' }),
    status: z.enum(['active', 'paused', 'stopped']),
    paused_until: text().nullable(),
    paused_until_display: text()
      .nullable()
      .meta({ examples: ['Fri 1 Jan'] }),
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
  changeRecurring: endpoint({
    method: 'PATCH',
    path: '/api/account/recurring/:id',
    operationId: 'changeRecurringPlan',
    tag: 'Accounts',
    summary: 'Changes how often, the day, the windows (and the address or notes) of a plan',
    description:
      'Collections already booked as orders stay as they are; the next ones follow the new rule. The same day and frequency keep the plan’s weeks; a new day or frequency starts on the first new day after its booking day (two days ahead) and after the last booked collection. Address and notes left out stay.',
    auth: session,
    params: planId,
    body: recurringPlanChangeSchema,
    replies: { 200: planReply, ...failures(401, 404, 409, 422) },
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
