import { z } from 'zod';
import { text } from '../../text';
import {
  deleteAccountCodeSchema,
  deleteAccountEmailSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '../../validation';
import { endpoint, failures, ok } from '../contract';
import { message } from './common';

/*
 * What e-mailed links and codes do without a session: reset the password, confirm a new
 * e-mail address, delete an account.
 */

export const emailLinksApi = {
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/account/reset/password',
    operationId: 'requestPasswordReset',
    tag: 'Accounts',
    summary: 'E-mails a password reset link (the same reply for any address)',
    body: passwordResetRequestSchema,
    replies: { 200: message, ...failures(422, 429) },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/account/reset/password/confirm',
    operationId: 'resetPassword',
    tag: 'Accounts',
    summary: 'Sets a new password with the token of the e-mailed link',
    body: passwordResetSchema,
    replies: { 200: message, ...failures(422, 429) },
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/api/account/email/confirm',
    operationId: 'confirmEmailChange',
    tag: 'Accounts',
    summary: 'Switches the account to its new e-mail address, with the token of the e-mailed link',
    body: z.object({
      token: text({ error: 'This confirmation link is invalid or has expired.' }).min(1).max(200),
    }),
    replies: { 200: message.extend({ email: text() }), ...failures(422, 429) },
  }),
  sendDeletionCode: endpoint({
    method: 'POST',
    path: '/api/account/confirm/delete',
    operationId: 'sendDeletionCode',
    tag: 'Accounts',
    summary: 'E-mails a 6-digit code to delete an account (the same reply for any address)',
    body: deleteAccountEmailSchema,
    replies: { 200: message, ...failures(422, 429) },
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    operationId: 'deleteAccount',
    tag: 'Accounts',
    summary: 'Deletes the account of an e-mail address with its code',
    body: deleteAccountCodeSchema,
    replies: {
      200: z.object({ status: ok, delete: z.literal(true), message: text() }),
      ...failures(422, 429),
    },
  }),
};
