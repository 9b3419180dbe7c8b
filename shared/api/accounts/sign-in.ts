import { z } from 'zod';
import { text } from '../../text';
import { loginEmailSchema, loginSchema, registrationSchema } from '../../validation';
import { endpoint, failures, ok } from '../contract';
import { message, session, user } from './common';

/*
 * The two-step login, logging out, and registration (spec section 7), whose checkout token
 * places the order of the same checkout.
 */

export const signInApi = {
  checkLoginEmail: endpoint({
    method: 'POST',
    path: '/api/account/validations/email',
    operationId: 'checkLoginEmail',
    tag: 'Accounts',
    summary: 'The e-mail step of the login',
    description:
      'Every well-formed e-mail gets the same reply (`reqCode: VALIDATE_EMAIL`), so it does not reveal who has an account.',
    body: loginEmailSchema,
    replies: {
      200: z.object({ status: ok, reqCode: z.literal('VALIDATE_EMAIL'), message: text() }),
      ...failures(422, 429),
    },
  }),
  logIn: endpoint({
    method: 'POST',
    path: '/api/login',
    operationId: 'logIn',
    tag: 'Accounts',
    summary: 'Logs in: the token for the Bearer header, and the website’s session cookie',
    body: loginSchema,
    replies: {
      200: z.object({
        status: ok,
        reqCode: z.literal('ACC_LOGIN'),
        message: text(),
        user,
        token: text().meta({ description: 'Send as `Authorization: Bearer {token}`' }),
      }),
      ...failures(401, 422, 429),
    },
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/api/logout',
    operationId: 'logOut',
    tag: 'Accounts',
    summary: 'Ends the session the request carries (answers the same without one)',
    auth: session,
    replies: { 200: message },
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    operationId: 'register',
    tag: 'Accounts',
    summary: 'Creates an account; its checkout token places the order of the same checkout',
    body: registrationSchema,
    replies: {
      200: z.object({
        status: ok,
        message: text(),
        customer_id: z.uuid(),
        address_id: z.uuid(),
        checkout_token: text().meta({
          description: 'Send as `X-Checkout-Token` to place the order',
        }),
      }),
      ...failures(422, 429),
    },
  }),
};
