import { z } from 'zod';
import { recordId, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { byId, staffOnly } from './common';

/*
 * Branches that work (issue 32, decision 047): the owner's settings of each branch, the branch
 * a session works in, and moving an order to another branch. Roles are the server's: a driver
 * reaches none of it; staff choose among their own branches and move orders of those; the
 * owner alone edits branches.
 */

const wallClock = text({ error: 'Enter times as HH:MM, e.g. 07:30.' }).max(5);

export const branchSettingsInput = z.object({
  counter: z.boolean({ error: 'Say whether the branch takes orders over the counter.' }),
  reader_id: text().trim().max(100, 'Keep the card reader id to 100 characters.').optional().meta({
    description:
      'The counter’s Stripe Terminal reader (tmr_…; decision 053); empty: none; absent: unchanged',
  }),
  hours: z
    .array(
      z.object({
        weekday: z.number({ error: 'Choose a day of the week.' }).int().min(1).max(7),
        opens_at: wallClock.meta({ description: 'London wall-clock HH:MM' }),
        closes_at: wallClock,
      }),
    )
    .max(7)
    .meta({ description: 'Hours per ISO weekday (1 = Monday); a day left out is closed' }),
  closures: z
    .array(
      z.object({
        date: text({ error: 'Enter each closure’s date as YYYY-MM-DD.' }).max(10),
        kind: z.enum(['bank-holiday', 'closure'], { error: 'Choose bank holiday or closure.' }),
        reason: text({ error: 'Give each closure a reason, e.g. Christmas Day.' }).max(200),
      }),
    )
    .max(400),
  districts: z
    .array(text().max(10))
    .max(200)
    .meta({ description: 'Postcode districts (W9, NW6); each belongs to one branch at most' }),
  staff_ids: z.array(z.uuid({ error: 'We could not find that member of staff.' })).max(200),
  counter_speeds: z
    .object({
      turnaround_days: z
        .number({ error: 'Enter the turnaround as 1 to 30 working days.' })
        .int({ error: 'Enter the turnaround as 1 to 30 working days.' })
        .min(1, { error: 'Enter the turnaround as 1 to 30 working days.' })
        .max(30, { error: 'Enter the turnaround as 1 to 30 working days.' }),
      express_percent: z
        .number({ error: 'Enter the express surcharge as 0 to 200 %.' })
        .int({ error: 'Enter the express surcharge as 0 to 200 %.' })
        .min(0, { error: 'Enter the express surcharge as 0 to 200 %.' })
        .max(200, { error: 'Enter the express surcharge as 0 to 200 %.' })
        .nullable()
        .meta({ description: 'Surcharge in percent; null: express is not offered' }),
      same_day_percent: z
        .number({ error: 'Enter the same-day surcharge as 0 to 300 %.' })
        .int({ error: 'Enter the same-day surcharge as 0 to 300 %.' })
        .min(0, { error: 'Enter the same-day surcharge as 0 to 300 %.' })
        .max(300, { error: 'Enter the same-day surcharge as 0 to 300 %.' })
        .nullable()
        .meta({ description: 'Surcharge in percent; null: same day is not offered' }),
      same_day_cutoff: text({ error: 'Enter the cut-off as HH:MM, e.g. 10:00.' }).regex(
        /^([01]\d|2[0-3]):[0-5]\d$/,
        'Enter the cut-off as HH:MM, e.g. 10:00.',
      ),
    })
    .optional()
    .meta({
      description:
        'The counter’s standard turnaround and the speeds it offers (issue 32); kept as they are when absent',
    }),
});

export const branchSettings = branchSettingsInput
  .extend({ id: z.number().int(), slug: text(), name: text() })
  .meta({ id: 'BranchSettings' });

export const branchScopeReply = z
  .object({
    current: z.number().int().nullable().meta({
      description: 'The branch the session works in; null: all the member’s (the owner: all)',
    }),
    choices: z.array(z.object({ id: z.number().int(), name: text() })),
    must_choose: z.boolean(),
  })
  .meta({ id: 'WorkingBranch' });

const chooseBody = z.object({
  branch_id: z
    .number({ error: 'Choose the branch you are working in.' })
    .int()
    .positive()
    .nullable(),
});

export const adminBranchesApi = {
  branchSettings: endpoint({
    method: 'GET',
    path: '/api/admin/branches',
    operationId: 'getBranchSettings',
    tag: 'Back office',
    summary: 'Every branch’s counter, hours, closures, districts and staff (owner only)',
    auth: staffOnly,
    replies: {
      200: z.object({
        status: ok,
        branches: z.array(branchSettings),
        staff: z.array(z.object({ id: z.uuid(), name: text(), email: text() })),
      }),
      ...failures(401, 403),
    },
  }),
  saveBranchSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/branches/:id',
    operationId: 'saveBranchSettings',
    tag: 'Back office',
    summary: 'Saves one branch’s settings whole, audited (owner only)',
    auth: staffOnly,
    params: z.object({ id: recordId() }),
    body: branchSettingsInput,
    replies: {
      200: z.object({ status: ok, message: text(), branch: branchSettings }),
      ...failures(400, 401, 403, 404, 422),
    },
  }),
  registerBranchReader: endpoint({
    method: 'POST',
    path: '/api/admin/branches/:id/reader',
    operationId: 'registerBranchReader',
    tag: 'Back office',
    summary:
      'Pairs the branch’s counter card reader by the code on its screen (Stripe Terminal, at the branch’s location; TEST MODE: simulated-wpe), audited (owner only)',
    auth: staffOnly,
    params: z.object({ id: recordId() }),
    body: z.object({
      registration_code: text({ error: 'Enter the pairing code shown on the reader.' })
        .trim()
        .min(1, 'Enter the pairing code shown on the reader.')
        .max(100, 'Enter the pairing code shown on the reader.'),
    }),
    replies: {
      200: z.object({ status: ok, message: text(), reader_id: text() }),
      ...failures(400, 401, 403, 404, 422, 502),
    },
  }),
  workingBranch: endpoint({
    method: 'GET',
    path: '/api/admin/branch',
    operationId: 'getWorkingBranch',
    tag: 'Back office',
    summary: 'The branch this session works in, and the ones it may choose (owner and staff)',
    auth: staffOnly,
    replies: { 200: z.object({ status: ok, branch: branchScopeReply }), ...failures(401, 403) },
  }),
  chooseWorkingBranch: endpoint({
    method: 'PUT',
    path: '/api/admin/branch',
    operationId: 'chooseWorkingBranch',
    tag: 'Back office',
    summary: 'Works in another branch: the board and lists follow it (owner: null for all)',
    auth: staffOnly,
    body: chooseBody,
    replies: {
      200: z.object({ status: ok, message: text(), branch: branchScopeReply }),
      ...failures(401, 403, 422),
    },
  }),
  moveOrderBranch: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/branch',
    operationId: 'moveOrderBranch',
    tag: 'Back office',
    summary: 'Moves an order to another branch, audited in its history (owner and staff)',
    auth: staffOnly,
    params: byId,
    body: z.object({
      branch_id: z.number({ error: 'Choose a branch.' }).int().positive(),
    }),
    replies: {
      200: z.object({
        status: ok,
        message: text(),
        branch: z.object({ id: z.number().int(), name: text() }),
      }),
      ...failures(400, 401, 403, 404, 422),
    },
  }),
};
