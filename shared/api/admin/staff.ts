import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { byId, message, staffOnly } from './common';
import { staffMember } from './session';

/*
 * Staff accounts (owner only): listed with their branches, added, disabled, unlocked, and
 * their branches changed.
 */

export const newStaffInput = z.object({
  name: text().trim().min(2, 'Enter the name.').max(100),
  email: z.email({ error: 'Enter a valid e-mail address.' }).trim().toLowerCase(),
  role: z.enum(['owner', 'staff', 'driver'], { error: 'Choose owner, staff or driver.' }),
  password: text()
    .min(12, 'Use at least 12 characters for a back-office password.')
    .max(200, 'This password is too long.'),
});

export const adminStaffApi = {
  staff: endpoint({
    method: 'GET',
    path: '/api/admin/staff',
    operationId: 'listStaff',
    tag: 'Back office',
    summary: 'Staff accounts, with failed sign-ins in the last 15 minutes (owner only)',
    auth: staffOnly,
    replies: {
      200: z.object({
        status: ok,
        staff: z.array(
          staffMember.extend({
            disabled: z.boolean(),
            failed_logins: z.number().int(),
            created_at: text(),
            branch_ids: z.array(z.number().int()).meta({
              description: 'The branches the member works at (staff only; [] for others)',
            }),
          }),
        ),
      }),
      ...failures(401, 403),
    },
  }),
  addStaff: endpoint({
    method: 'POST',
    path: '/api/admin/staff',
    operationId: 'addStaff',
    tag: 'Back office',
    summary: 'Creates a staff account (owner only)',
    auth: staffOnly,
    body: newStaffInput,
    replies: { 201: message.extend({ staff: staffMember }), ...failures(401, 403, 422) },
  }),
  setStaffDisabled: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/disabled',
    operationId: 'setStaffDisabled',
    tag: 'Back office',
    summary: 'Disables (signing them out at once) or enables a staff account (owner only)',
    auth: staffOnly,
    params: byId,
    body: z.object({ disabled: z.boolean() }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409, 422) },
  }),
  setStaffBranches: endpoint({
    method: 'PUT',
    path: '/api/admin/staff/:id/branches',
    operationId: 'setStaffBranches',
    tag: 'Back office',
    summary:
      'Sets the branches a staff member works at, whole (owner only; the same rows as the branch editor’s staff)',
    auth: staffOnly,
    params: byId,
    body: z.object({
      branch_ids: z
        .array(z.number({ error: 'Choose branches from the list.' }).int().positive())
        .max(50),
    }),
    replies: {
      200: message.extend({ branch_ids: z.array(z.number().int()) }),
      ...failures(400, 401, 403, 404, 422),
    },
  }),
  unlockStaff: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/unlock',
    operationId: 'unlockStaff',
    tag: 'Back office',
    summary: 'Clears a staff account’s failed sign-ins from every address (owner only)',
    auth: staffOnly,
    params: byId,
    replies: {
      200: message.extend({ cleared: z.number().int() }),
      ...failures(400, 401, 403, 404),
    },
  }),
};
