import { z } from 'zod';
import { staffText } from './texts';
import { isCatalogueEntity } from '../catalogue-admin';
import { MAX_ORDER_PENCE, MAX_UNIT_PRICE_PENCE, poundsField } from '../money';
import { orderStatuses } from '../order-status';
import { isoDate, recordId, text } from '../text';
import { messageInput } from '../order-approval';
import { threadMessage } from './approvals';
import { orderEstimate } from './checkout';
import { endpoint, failures, money, ok } from './contract';

/*
 * The shop's back office (decision 007): staff sign in apart from customers; every route
 * checks the role on the server. Owner-only routes say so.
 */

const staff = ['staff'] as const;
const byId = z.object({ id: z.uuid({ error: 'We could not find that record.' }) });
const message = z.object({ status: ok, message: text() });

export const staffMember = z
  .object({ id: z.uuid(), name: text(), email: text(), role: z.enum(['owner', 'staff', 'driver']) })
  .meta({ id: 'StaffMember' });

export const boardRow = z
  .object({
    id: z.uuid(),
    order_no: text(),
    status: text(),
    window: text().meta({ examples: ['09:00–10:00'] }),
    starts_at: text(),
    customer_name: text(),
    customer_phone: text(),
    door_number: text(),
    company_name: text(),
    full_address: text(),
    postcode: text(),
    address_lines: z.array(text()).meta({ description: 'The address as printed: one line each' }),
    notes: text(),
    amount_due: money,
    awaiting_approval: z.boolean().meta({
      description: 'The total is above the customer’s cap: they approve before the card is charged',
    }),
    question: z
      .boolean()
      .meta({ description: 'The customer’s latest message waits for an answer' }),
    repeat: z
      .boolean()
      .optional()
      .meta({ description: 'Booked by the customer’s repeat collection (issue 18)' }),
  })
  .meta({ id: 'BoardRow' });

const orderListRow = boardRow
  .extend({ pickup_display: text(), delivery_display: text(), total: money })
  .meta({ id: 'OrderListRow' });

export const adminOrder = z
  .object({
    id: z.uuid(),
    order_no: text(),
    status: text(),
    next_statuses: z.array(text()),
    can_itemise: z.boolean(),
    customer_id: z.uuid().nullable(),
    customer_name: text(),
    customer_email: text(),
    customer_phone: text(),
    notes: text(),
    access_notes: text().meta({
      description: 'How to get in, as the customer entered it (issue 18)',
    }),
    care: z.array(text()).meta({
      description: 'The customer’s garment care preferences in words (issue 18)',
    }),
    door_number: text(),
    company_name: text(),
    full_address: text(),
    postcode: text(),
    address_lines: z.array(text()).meta({ description: 'The address as printed: one line each' }),
    pickup_display: text(),
    delivery_display: text(),
    created_at: text(),
    payment_method: text().nullable(),
    payment_state: text(),
    saved_card: z.object({ brand: text().nullable(), last4: text().nullable() }).nullable(),
    invoiced_at: text().nullable(),
    estimate: orderEstimate.nullable(),
    subtotal: money,
    discount: money,
    total: money,
    paid: money,
    amount_due: money,
    overpaid: money.meta({
      description: 'Paid above the total, waiting to be refunded or made credit',
    }),
    credits: z.array(z.object({ amount: money, reason: text(), at: text() })),
    price_cap: money.nullable().meta({
      description: 'Charged automatically up to this; null on orders placed before caps',
    }),
    approved: money.nullable().meta({ description: 'The most the customer approved above it' }),
    awaiting_approval: z.boolean(),
    approval: z
      .object({
        id: z.uuid(),
        amount: money,
        answer: z.enum(['approved', 'question', 'superseded']).nullable(),
        answered_via: text().nullable(),
        requested_at: text(),
        expires_at: text(),
        reminded_at: text().nullable(),
        answered_at: text().nullable(),
      })
      .nullable()
      .meta({ description: 'The latest approval request, if any' }),
    messages: z.array(threadMessage),
    texts: z.array(staffText).meta({
      description: 'Issue 17: the order’s texts and the customer’s replies, oldest first',
    }),
    items: z.array(
      z.object({
        id: z.number().int(),
        service_id: z.number().int().nullable(),
        kind: z.enum(['service', 'minimum']),
        item_name: text(),
        quantity: z.number().int(),
        price: money,
        line_total: money,
      }),
    ),
    events: z.array(z.object({ from: text().nullable(), to: text(), actor: text(), at: text() })),
    payments: z.array(
      z.object({
        kind: text(),
        provider: text(),
        status: text(),
        amount: money,
        card: text().nullable(),
        message: text().nullable(),
        at: text(),
      }),
    ),
  })
  .meta({ id: 'AdminOrder' });

const settleChoice = z.enum(['refund', 'credit'], {
  error: 'Choose to refund the difference or keep it as credit.',
});

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

export const newStaffInput = z.object({
  name: text().trim().min(2, 'Enter the name.').max(100),
  email: z.email({ error: 'Enter a valid e-mail address.' }).trim().toLowerCase(),
  role: z.enum(['owner', 'staff', 'driver'], { error: 'Choose owner, staff or driver.' }),
  password: text()
    .min(12, 'Use at least 12 characters for a back-office password.')
    .max(200, 'This password is too long.'),
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

const catalogueEntity = z.object({
  entity: text().refine(isCatalogueEntity, 'There is no such part of the catalogue.').meta({
    description:
      'categories, services, service-pages, area-groups, areas, branches, faqs or blog-posts',
  }),
});
/** A catalogue record as the back office form shows it: its fields differ by entity. */
const catalogueRecord = z.record(text(), z.unknown()).meta({ id: 'CatalogueRecord' });

/** A marketing text's words (issue 17): the brand and "Reply STOP to opt out" are added. */
export const marketingTextInput = z.object({
  body: text()
    .trim()
    .min(1, { error: 'Please write the text.' })
    .max(250, { error: 'Please keep the text to 250 characters.' }),
});

export const adminApi = {
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
    auth: staff,
    replies: { 200: message },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/admin/me',
    operationId: 'staffMe',
    tag: 'Back office',
    summary: 'Who is signed in',
    auth: staff,
    replies: { 200: z.object({ status: ok, staff: staffMember }), ...failures(401, 403) },
  }),
  board: endpoint({
    method: 'GET',
    path: '/api/admin/board',
    operationId: 'getBoard',
    tag: 'Back office',
    summary: 'Counts per status, and one London day’s collections and deliveries in slot order',
    auth: staff,
    query: z.object({ date: isoDate('The date must be a real day like 2026-11-23.').optional() }),
    replies: {
      200: z.object({
        status: ok,
        board: z.object({
          day: text(),
          counts: z.record(text(), z.number().int()),
          collections: z.array(boardRow),
          deliveries: z.array(boardRow),
          waiting: z.array(orderListRow).meta({
            description:
              'Orders waiting on their customer’s approval, or with a question to answer',
          }),
        }),
      }),
      ...failures(400, 401, 403),
    },
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/admin/orders',
    operationId: 'listOrders',
    tag: 'Back office',
    summary: 'Orders in a status, or found by number, postcode, name or e-mail',
    auth: staff,
    query: z.object({ status: z.enum(orderStatuses).optional(), q: text().max(100).optional() }),
    replies: {
      200: z.object({ status: ok, orders: z.array(orderListRow) }),
      ...failures(400, 401, 403),
    },
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/admin/orders/:id',
    operationId: 'getOrder',
    tag: 'Back office',
    summary: 'Everything staff see of one order',
    auth: staff,
    params: byId,
    replies: { 200: z.object({ status: ok, order: adminOrder }), ...failures(400, 401, 403, 404) },
  }),
  moveOrder: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/status',
    operationId: 'moveOrder',
    tag: 'Back office',
    summary: 'Moves an order along the pipeline (only its allowed next statuses)',
    auth: staff,
    params: byId,
    body: z.object({
      to: z.enum(orderStatuses, { error: 'Choose a valid next status.' }),
      from: text().optional(),
    }),
    replies: {
      200: message.extend({ order_no: text(), order_status: text(), emailed: z.boolean() }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  setItems: endpoint({
    method: 'PUT',
    path: '/api/admin/orders/:id/items',
    operationId: 'setOrderItems',
    tag: 'Back office',
    summary: 'Lists the order’s items: totals computed on the server, the £25 minimum applied',
    description:
      'When the new total is below what was paid, `settle` says what happens to the difference: refunded through the provider that took it, or kept as account credit (422 until it is given).',
    auth: staff,
    params: byId,
    body: z.object({
      lines: z
        .array(
          z.object({
            service_id: recordId('Choose an item from the price list.'),
            quantity: z.coerce
              .number({ error: 'Enter a quantity.' })
              .int('Enter a whole quantity.')
              .min(1, 'Enter a quantity of at least 1.')
              .max(500, 'That quantity is too large.'),
            unit_price: poundsField('Enter a price like 12.50.', MAX_UNIT_PRICE_PENCE).optional(),
          }),
        )
        .max(200, 'Too many lines.'),
      discount: poundsField('Enter a discount like 5.00.', MAX_ORDER_PENCE).default(0),
      settle: settleChoice.optional(),
    }),
    replies: {
      200: message.extend({
        order_no: text(),
        subtotal: money,
        discount: money,
        total: money,
        amount_due: money,
        minimum_applied: z.boolean(),
        overpaid: z.boolean(),
        settlement: text().nullable(),
        awaiting_approval: z.boolean(),
      }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  settle: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/settle',
    operationId: 'settleOverpayment',
    tag: 'Back office',
    summary: 'Refunds, or keeps as account credit, what was paid above the order’s total',
    auth: staff,
    params: byId,
    body: z.object({ how: settleChoice }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409, 422, 502) },
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    operationId: 'refundOrder',
    tag: 'Back office',
    summary: 'Refunds part or all of what the customer paid, with a credit note (owner only)',
    description:
      'Through the provider that took the money, newest payment first. The order then costs that much less; each refund is documented by a credit note against the VAT invoice, e-mailed to the customer as a PDF.',
    auth: staff,
    params: byId,
    body: z.object({
      amount: poundsField('Enter an amount like 12.50.', MAX_ORDER_PENCE).refine((p) => p >= 1, {
        message: 'Enter an amount of at least 0.01.',
      }),
      reason: text({ error: 'Please say why the money is refunded.' })
        .trim()
        .min(1, 'Please say why the money is refunded.')
        .max(300, 'Please keep the reason under 300 characters.'),
    }),
    replies: {
      200: message.extend({ order_no: text(), refunded: money }),
      ...failures(400, 401, 403, 404, 409, 422, 502),
    },
  }),
  invoice: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/invoice',
    operationId: 'sendInvoice',
    tag: 'Back office',
    summary: 'E-mails the itemised invoice with its payment link',
    auth: staff,
    params: byId,
    replies: { 200: message.extend({ order_no: text() }), ...failures(400, 401, 403, 404, 409) },
  }),
  charge: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/charge',
    operationId: 'chargeSavedCard',
    tag: 'Back office',
    summary: 'Charges the amount due to the saved card (off-session)',
    description:
      '`status` is false when the bank declined or asked for the customer: they get the payment link by e-mail.',
    auth: staff,
    params: byId,
    replies: {
      200: z.object({
        status: z.boolean(),
        charge_status: z.enum(['succeeded', 'authentication_required', 'declined']),
        message: text(),
      }),
      ...failures(400, 401, 403, 404, 409, 502),
    },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/messages',
    operationId: 'answerCustomer',
    tag: 'Back office',
    summary: 'Answers the customer on the order’s thread: stored and e-mailed to them',
    description:
      'The e-mail carries the approval link while a request is open. 422 for an empty message or one over 2000 characters.',
    auth: staff,
    params: byId,
    body: messageInput,
    replies: { 200: message, ...failures(400, 401, 403, 404, 422) },
  }),
  resendApproval: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/approval/resend',
    operationId: 'resendApprovalRequest',
    tag: 'Back office',
    summary: 'Sends the customer the approval request again, with a fresh link',
    description:
      'For an order whose total waits for approval above the cap: the open request is replaced (its link stops working) and the itemised invoice is e-mailed again with a new link. 409 when the order is not waiting for approval.',
    auth: staff,
    params: byId,
    replies: { 200: message, ...failures(400, 401, 403, 404, 409) },
  }),
  slots: endpoint({
    method: 'GET',
    path: '/api/admin/slots',
    operationId: 'getSlotOverview',
    tag: 'Back office',
    summary: 'The slot rules, closed dates ahead, and how full the next days are',
    auth: staff,
    replies: { 200: slotOverview.extend({ status: ok }), ...failures(401, 403) },
  }),
  saveSlotRules: endpoint({
    method: 'PUT',
    path: '/api/admin/slots/rules',
    operationId: 'saveSlotRules',
    tag: 'Back office',
    summary: 'Saves slot length, lead time, capacities and opening hours (owner only)',
    auth: staff,
    body: slotRulesInput,
    replies: { 200: message, ...failures(401, 403, 422) },
  }),
  addClosedDate: endpoint({
    method: 'POST',
    path: '/api/admin/slots/closed-dates',
    operationId: 'addClosedDate',
    tag: 'Back office',
    summary: 'Closes the shop on a day: no slots are offered',
    auth: staff,
    body: closedDateInput,
    replies: { 200: message, ...failures(401, 403, 422) },
  }),
  removeClosedDate: endpoint({
    method: 'DELETE',
    path: '/api/admin/slots/closed-dates/:day',
    operationId: 'removeClosedDate',
    tag: 'Back office',
    summary: 'Opens the shop again on a closed day',
    auth: staff,
    params: z.object({ day: isoDate('Not a real date.') }),
    replies: { 200: message, ...failures(400, 401, 403, 404) },
  }),
  listCatalogue: endpoint({
    method: 'GET',
    path: '/api/admin/catalogue/:entity',
    operationId: 'listCatalogue',
    tag: 'Back office',
    summary: 'All records of one part of the catalogue, with the choices of reference fields',
    auth: staff,
    params: catalogueEntity,
    replies: {
      200: z.object({
        status: ok,
        entity: text(),
        rows: z.array(catalogueRecord),
        refs: z.record(text(), z.array(z.object({ id: z.number().int(), label: text() }))),
      }),
      ...failures(400, 401, 403, 404),
    },
  }),
  createCatalogueRecord: endpoint({
    method: 'POST',
    path: '/api/admin/catalogue/:entity',
    operationId: 'createCatalogueRecord',
    tag: 'Back office',
    summary: 'Adds a record: live on the website at once',
    description: 'The fields of each entity are those of shared/catalogue-admin.ts.',
    auth: staff,
    params: catalogueEntity,
    body: catalogueRecord,
    replies: {
      201: message.extend({ record: catalogueRecord }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  updateCatalogueRecord: endpoint({
    method: 'PUT',
    path: '/api/admin/catalogue/:entity/:id',
    operationId: 'updateCatalogueRecord',
    tag: 'Back office',
    summary: 'Changes a record: live on the website at once',
    auth: staff,
    params: catalogueEntity.extend({ id: recordId() }),
    body: catalogueRecord,
    replies: {
      200: message.extend({ record: catalogueRecord }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  deleteCatalogueRecord: endpoint({
    method: 'DELETE',
    path: '/api/admin/catalogue/:entity/:id',
    operationId: 'deleteCatalogueRecord',
    tag: 'Back office',
    summary: 'Removes a record that nothing else uses',
    auth: staff,
    params: catalogueEntity.extend({ id: recordId() }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409) },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/uploads',
    operationId: 'uploadImage',
    tag: 'Back office',
    summary: 'Stores an image (JPEG, PNG, GIF, WebP or SVG; 2 MB at most), checked by its bytes',
    auth: staff,
    bodyKind: 'raw',
    replies: {
      201: z.object({ status: ok, path: text().meta({ examples: ['/uploads/3f2a….jpg'] }) }),
      ...failures(401, 403, 413, 422),
    },
  }),
  customers: endpoint({
    method: 'GET',
    path: '/api/admin/customers',
    operationId: 'searchCustomers',
    tag: 'Back office',
    summary: 'Customers found by name, e-mail, phone or postcode (from 2 characters)',
    auth: staff,
    query: z.object({ q: text().max(100).default('') }),
    replies: {
      200: z.object({
        status: ok,
        customers: z.array(
          z.object({
            id: z.uuid(),
            name: text(),
            email: text(),
            phone_number: text(),
            guest: z.boolean(),
            created_at: text(),
          }),
        ),
      }),
      ...failures(400, 401, 403),
    },
  }),
  customer: endpoint({
    method: 'GET',
    path: '/api/admin/customers/:id',
    operationId: 'getCustomer',
    tag: 'Back office',
    summary: 'One customer with their addresses and orders',
    auth: staff,
    params: byId,
    replies: {
      200: z.object({
        status: ok,
        customer: z.object({
          id: z.uuid(),
          name: text(),
          email: text(),
          phone_number: text(),
          guest: z.boolean(),
          erased: z.boolean(),
          created_at: text(),
          addresses: z.array(z.object({ id: z.uuid(), full_address: text(), postcode: text() })),
          orders: z.array(
            z.object({
              id: z.uuid(),
              order_no: text(),
              status: text(),
              total: money,
              amount_due: money,
              created_at: text(),
            }),
          ),
        }),
      }),
      ...failures(400, 401, 403, 404),
    },
  }),
  exportCustomer: endpoint({
    method: 'GET',
    path: '/api/admin/customers/:id/export',
    operationId: 'exportCustomer',
    tag: 'Back office',
    summary: 'Everything held about one customer, as a JSON download (a data-access request)',
    auth: staff,
    params: byId,
    replies: { 200: z.record(text(), z.unknown()), ...failures(400, 401, 403, 404) },
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    operationId: 'listAudit',
    tag: 'Back office',
    summary: 'Who changed what, newest first (owner only)',
    auth: staff,
    query: z.object({
      entity: text().max(50).optional(),
      entity_id: text().max(100).optional(),
      before: recordId('Not an audit entry.').optional(),
    }),
    replies: {
      200: z.object({
        status: ok,
        entries: z.array(
          z.object({
            id: z.number().int(),
            at: text(),
            action: text(),
            entity: text(),
            entityId: text(),
            before: z.unknown(),
            after: z.unknown(),
            staffName: text().nullable(),
            staffEmail: text().nullable(),
          }),
        ),
      }),
      ...failures(400, 401, 403),
    },
  }),
  staff: endpoint({
    method: 'GET',
    path: '/api/admin/staff',
    operationId: 'listStaff',
    tag: 'Back office',
    summary: 'Staff accounts, with failed sign-ins in the last 15 minutes (owner only)',
    auth: staff,
    replies: {
      200: z.object({
        status: ok,
        staff: z.array(
          staffMember.extend({
            disabled: z.boolean(),
            failed_logins: z.number().int(),
            created_at: text(),
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
    auth: staff,
    body: newStaffInput,
    replies: { 201: message.extend({ staff: staffMember }), ...failures(401, 403, 422) },
  }),
  setStaffDisabled: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/disabled',
    operationId: 'setStaffDisabled',
    tag: 'Back office',
    summary: 'Disables (signing them out at once) or enables a staff account (owner only)',
    auth: staff,
    params: byId,
    body: z.object({ disabled: z.boolean() }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409, 422) },
  }),
  unlockStaff: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/unlock',
    operationId: 'unlockStaff',
    tag: 'Back office',
    summary: 'Clears a staff account’s failed sign-ins from every address (owner only)',
    auth: staff,
    params: byId,
    replies: {
      200: message.extend({ cleared: z.number().int() }),
      ...failures(400, 401, 403, 404),
    },
  }),
  sendMarketingText: endpoint({
    method: 'POST',
    path: '/api/admin/marketing/texts',
    operationId: 'sendMarketingText',
    tag: 'Back office',
    summary:
      'Queues a marketing text to every customer who consented, with the opt-out (owner only)',
    auth: staff,
    body: marketingTextInput,
    replies: {
      200: message.extend({ queued: z.number().int(), suppressed: z.number().int() }),
      ...failures(401, 403, 422),
    },
  }),
};
