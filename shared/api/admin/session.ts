import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { message, staffOnly } from './common';

/*
 * Staff sign-in and sign-out, and who is signed in.
 */

export const staffMember = z
  .object({ id: z.uuid(), name: text(), email: text(), role: z.enum(['owner', 'staff', 'driver']) })
  .meta({ id: 'StaffMember' });

export const adminSessionApi = {
  logIn: endpoint({
    method: 'POST',
    path: '/api/admin/login',
    operationId: 'staffLogIn',
    tag: 'Back office',
    summary: 'Staff sign-in: a token for the Bearer header, and the back office’s cookie',
    body: z.object({
      email: text({ error: 'Please enter your e-mail and password.' }).trim().min(1).max(200),
      password: text({ error: 'Please enter your e-mail and password.' }).min(1).max(200),
    }),
    replies: {
      200: z.object({ status: ok, staff: staffMember, token: text() }),
      ...failures(401, 422, 429),
    },
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/api/admin/logout',
    operationId: 'staffLogOut',
    tag: 'Back office',
    summary: 'Ends the staff session the request carries',
    auth: staffOnly,
    replies: { 200: message },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/admin/me',
    operationId: 'staffMe',
    tag: 'Back office',
    summary: 'Who is signed in',
    auth: staffOnly,
    replies: { 200: z.object({ status: ok, staff: staffMember }), ...failures(401, 403) },
  }),
};
