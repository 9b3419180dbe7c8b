import { z } from 'zod';
import { messagePreferencesSchema } from '../../message-preferences';
import { text } from '../../text';
import { messages, passwordChangeSchema, profileUpdateSchema } from '../../validation';
import { endpoint, failures, ok } from '../contract';
import { messagePreferences } from '../texts';
import { message, session, user } from './common';

/*
 * The logged-in customer's own account: profile, password, message choices (issue 17), and
 * deleting the account.
 */

export const profileApi = {
  updateProfile: endpoint({
    method: 'POST',
    path: '/api/updateprofile',
    operationId: 'updateProfile',
    tag: 'Accounts',
    summary: 'Changes name and mobile at once; a new e-mail address waits for its link',
    auth: session,
    body: profileUpdateSchema,
    replies: {
      200: message.extend({ user, pending_email: text().nullable() }),
      ...failures(401, 422, 429),
    },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/changepassword',
    operationId: 'changePassword',
    tag: 'Accounts',
    summary: 'Changes the password; every session ends (log in again)',
    auth: session,
    body: passwordChangeSchema,
    replies: { 200: message, ...failures(401, 422, 429) },
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/api/account/preferences',
    operationId: 'getMessagePreferences',
    tag: 'Accounts',
    summary: 'The customer’s message choices: service channels and marketing consent',
    auth: session,
    replies: {
      200: z.object({ status: ok, preferences: messagePreferences }),
      ...failures(401),
    },
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/api/account/preferences',
    operationId: 'updateMessagePreferences',
    tag: 'Accounts',
    summary: 'Sets the message choices (all five); a marketing change records its time',
    description:
      'E-mail may be off only while SMS or WhatsApp is on (422 on `notify_email`). SMS, WhatsApp and SMS offers go to the profile’s phone: 422 on those fields when it cannot take texts.',
    auth: session,
    body: messagePreferencesSchema,
    replies: {
      200: z.object({ status: ok, message: text(), preferences: messagePreferences }),
      ...failures(401, 422),
    },
  }),
  deleteOwnAccount: endpoint({
    method: 'POST',
    path: '/api/delete-account',
    operationId: 'deleteOwnAccount',
    tag: 'Accounts',
    summary: 'Without `otp`, e-mails the code; with it, deletes the logged-in account',
    auth: session,
    body: z.object({
      otp: text({ error: messages.deleteOtp })
        .trim()
        .regex(/^\d{6}$/, messages.deleteOtp)
        .optional(),
    }),
    replies: {
      200: z.object({ status: ok, delete: z.literal(true).optional(), message: text() }),
      ...failures(401, 422, 429),
    },
  }),
};
