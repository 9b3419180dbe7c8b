import { z } from 'zod';
import { isoDate, text } from '../text';
import {
  deleteAccountCodeSchema,
  deleteAccountEmailSchema,
  loginEmailSchema,
  loginSchema,
  messages,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registrationSchema,
} from '../validation';
import { orderEstimate } from './checkout';
import { endpoint, failures, money, ok } from './contract';
import { messagePreferencesSchema } from '../message-preferences';
import { messagePreferences, orderText } from './texts';

/*
 * Accounts of spec section 7: the two-step login, registration, password reset, the
 * e-mail change link, account deletion by code, and what a logged-in customer may do.
 */

const message = z.object({ status: ok, message: text() });

const user = z
  .object({ name: text(), email: text(), phone_number: text() })
  .meta({ id: 'User', description: 'Spec 3: the user of the login reply (USER_DATA).' });

export const customerOrder = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    order_no: text().meta({ examples: ['LD-100001'] }),
    order_date: text().meta({ description: 'dd/mm/yyyy in London', examples: ['23/11/2026'] }),
    customer_name: text(),
    customer_phone: text(),
    shipping_address: text().meta({ description: 'Multi-line address' }),
    status: text(),
    pickup_display: text(),
    delivery_display: text(),
    payment_method: text(),
    subtotal: money,
    discount: money,
    total: money,
    amount_due: money,
    invoiced: z.boolean(),
    can_cancel: z.boolean(),
    can_change: z.object({ collection: z.boolean(), delivery: z.boolean() }).meta({
      description:
        'Issue 18: whether the collection or the delivery may still be moved (up to 2 hours before it, while it has not happened): POST /api/account/orders/{id}/reschedule',
    }),
    tracking_path: text().meta({ description: 'The order’s tracking page, /track/{token}' }),
    awaiting_approval: z
      .object({ id: z.uuid(), amount: money, cap: money, asked: z.boolean() })
      .nullable()
      .meta({
        description:
          'The total is above the cap the customer set: answer it with /api/approvals/{id} (issue 15)',
      }),
    items: z.array(
      z.object({ item_name: text(), quantity: z.number().int(), price: money, line_total: money }),
    ),
    documents: z
      .array(
        z.object({
          kind: z.enum(['invoice', 'receipt', 'credit-note']),
          number: text().meta({ examples: ['INV-000012', 'receipt', 'CN-000003'] }),
          title: text().meta({ examples: ['VAT invoice INV-000012, 24/11/2026'] }),
          url: text().meta({
            description: "The PDF, for the order's customer (session cookie or bearer token)",
            examples: ['/account/orders/4b0c…/documents/INV-000012'],
          }),
        }),
      )
      .meta({ description: 'Issue 15: the VAT invoice, the receipt and any credit notes' }),
    estimate: orderEstimate.nullable(),
    texts: z.array(orderText).meta({
      description:
        'Issue 17: the texts about the order (SMS, WhatsApp) and the customer’s replies, oldest first',
    }),
  })
  .meta({ id: 'CustomerOrder' });

export const customerWithOrders = z
  .object({
    name: text(),
    email: text(),
    phone_number: text(),
    /** A new e-mail address waiting for its confirmation link. */
    pending_email: text().nullable(),
    orders: z.array(customerOrder),
    addresses: z.array(
      z.object({
        id: z.uuid(),
        full_address: text().meta({ description: 'Multi-line address' }),
        postcode: text(),
        address_type: text(),
      }),
    ),
  })
  .meta({ id: 'CustomerWithOrders' });

const session = ['bearer', 'cookie'] as const;

/** Issue 18: which leg of the order moves, and to which window (London date and start). */
export const rescheduleSchema = z.object({
  leg: z.enum(['collection', 'delivery'], {
    error: 'Please say which to change: collection or delivery.',
  }),
  date: isoDate('Please choose a new window.'),
  time: text({ error: 'Please choose a new window.' }).regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    'Please choose a new window.',
  ),
});

export const accountsApi = {
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
  orders: endpoint({
    method: 'GET',
    path: '/api/orders',
    operationId: 'getCustomerOrders',
    tag: 'Accounts',
    summary: 'The logged-in customer with their orders and address book',
    auth: session,
    replies: { 200: z.object({ status: ok, customer: customerWithOrders }), ...failures(401) },
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    operationId: 'cancelOrder',
    tag: 'Accounts',
    summary: 'Cancels an order up to 2 hours before its collection (the terms’ rule)',
    auth: session,
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    replies: { 200: message, ...failures(400, 401, 404, 409) },
  }),
  rescheduleOrder: endpoint({
    method: 'POST',
    path: '/api/account/orders/:id/reschedule',
    operationId: 'rescheduleOrder',
    tag: 'Accounts',
    summary:
      'Moves the collection or the delivery to another window, up to 2 hours before it starts (the terms’ rule)',
    description:
      'The new place is taken and the old one freed in one transaction, the database deciding capacity, so a window is never overbooked. A collection moved too close to the delivery moves the delivery to the first window after the turnaround (`delivery_moved`). 404: not this customer’s order. 409: within 2 hours of the window or that leg has happened; the window is not offered; or `That slot is now full.` (choose another). Confirmed by e-mail.',
    auth: session,
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    body: rescheduleSchema,
    replies: {
      200: message.extend({
        order_no: text(),
        leg: z.enum(['collection', 'delivery']),
        window: text().meta({ examples: ['Wed 25 Nov 2026, 11:00–12:00'] }),
        collection: text(),
        delivery: text(),
        delivery_moved: z.boolean(),
      }),
      ...failures(401, 404, 409, 422),
    },
  }),
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
