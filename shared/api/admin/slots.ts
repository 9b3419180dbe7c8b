import { z } from 'zod';
import { isoDate, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { message, staffOnly } from './common';

/*
 * The slot rules, closed dates and how full the next days are.
 */

const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00.');
const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: enter a whole number.` })
    .int(`${label}: enter a whole number.`)
    .min(min, `${label}: at least ${min}.`)
    .max(max, `${label}: at most ${max}.`);

export const slotRulesInput = z.object({
  slotLengthMinutes: z.coerce
    .number()
    .refine(
      (n) => [30, 60, 90, 120, 180, 240].includes(n),
      'Slot length: 30, 60, 90, 120, 180 or 240 minutes.',
    ),
  leadTimeMinutes: count('Lead time', 0, 7 * 24 * 60),
  daysAhead: count('Days ahead', 1, 60),
  pickupCapacityPerSlot: count('Collections per slot', 0, 500),
  deliveryCapacityPerSlot: count('Deliveries per slot', 0, 500),
  minTurnaroundHours: count('Turnaround', 0, 14 * 24),
  openingHours: z
    .array(
      z
        .object({
          weekday: z.coerce.number().int().min(1).max(7),
          closed: z.boolean().default(false),
          opensAt: hhmm,
          closesAt: hhmm,
        })
        .refine((d) => d.closed || d.opensAt < d.closesAt, {
          message: 'Closing time must be after opening time.',
          path: ['closesAt'],
        }),
    )
    .length(7, 'Give the hours of all seven days.'),
});

export const closedDateInput = z.object({
  day: isoDate('Enter a real date like 2026-12-25.'),
  reason: text().trim().min(1, 'Say why the shop is closed.').max(200),
});

const slotOverview = z.object({
  rules: slotRulesInput.extend({
    slotLengthMinutes: z.number().int(),
    openingHours: z.array(
      z.object({
        weekday: z.number().int(),
        closed: z.boolean(),
        opensAt: text(),
        closesAt: text(),
      }),
    ),
  }),
  closedDates: z.array(z.object({ day: text(), reason: text() })),
  fullness: z.array(
    z.object({
      date: text(),
      label: text(),
      closed: z.boolean(),
      slots: z.array(
        z.object({
          start: text(),
          end: text(),
          pickups: z.number().int(),
          deliveries: z.number().int(),
        }),
      ),
    }),
  ),
});

export const adminSlotsApi = {
  slots: endpoint({
    method: 'GET',
    path: '/api/admin/slots',
    operationId: 'getSlotOverview',
    tag: 'Back office',
    summary: 'The slot rules, closed dates ahead, and how full the next days are',
    auth: staffOnly,
    replies: { 200: slotOverview.extend({ status: ok }), ...failures(401, 403) },
  }),
  saveSlotRules: endpoint({
    method: 'PUT',
    path: '/api/admin/slots/rules',
    operationId: 'saveSlotRules',
    tag: 'Back office',
    summary: 'Saves slot length, lead time, capacities and opening hours (owner only)',
    auth: staffOnly,
    body: slotRulesInput,
    replies: { 200: message, ...failures(401, 403, 422) },
  }),
  addClosedDate: endpoint({
    method: 'POST',
    path: '/api/admin/slots/closed-dates',
    operationId: 'addClosedDate',
    tag: 'Back office',
    summary: 'Closes the shop on a day: no slots are offered',
    auth: staffOnly,
    body: closedDateInput,
    replies: { 200: message, ...failures(401, 403, 422) },
  }),
  removeClosedDate: endpoint({
    method: 'DELETE',
    path: '/api/admin/slots/closed-dates/:day',
    operationId: 'removeClosedDate',
    tag: 'Back office',
    summary: 'Opens the shop again on a closed day',
    auth: staffOnly,
    params: z.object({ day: isoDate('Not a real date.') }),
    replies: { 200: message, ...failures(400, 401, 403, 404) },
  }),
};
