import { z } from 'zod';
import { caseAnswerInput, caseInput, caseKinds, caseWindow } from '../intake-report';
import { recordId, text } from '../text';
import { endpoint, failures, instant, ok } from './contract';

/*
 * The intake report and its cases (issue 16, docs/decisions/028). The customer reads the
 * report and opens a case with their session, or with `t`, the signed token of the e-mailed
 * link (query parameter), which opens that one order's report. Staff send the report, see
 * the open cases and answer them.
 */

const customer = ['bearer', 'cookie'] as const;
const staff = ['staff'] as const;
const byOrder = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
const linkToken = z.object({
  t: text()
    .max(200)
    .optional()
    .meta({ description: 'The signed token of the e-mailed link (no login needed)' }),
});

const photo = z.object({
  id: z.uuid(),
  kind: z.enum(['collection', 'delivery', 'garment', 'damage']),
  url: text().meta({ description: 'Signed, expires within the hour' }),
});

export const intakeCase = z
  .object({
    id: z.number().int(),
    kind: z.enum(caseKinds),
    order_garment_id: z.number().int().nullable(),
    garment: text()
      .nullable()
      .meta({ examples: ['Tag 1042 · Shirt'] }),
    description: text(),
    opened_at: instant,
    answer: text().nullable(),
    answered_at: instant.nullable(),
    state: z.enum(['open', 'answered']),
  })
  .meta({ id: 'IntakeCase' });

export const intakeReport = z
  .object({
    order_id: z.uuid(),
    order_no: text(),
    reported_at: instant,
    cases_until: instant.meta({ description: `Cases may be opened until then (${caseWindow})` }),
    cases_until_display: text(),
    can_open_case: z.boolean(),
    garments: z.array(
      z.object({
        id: z.number().int(),
        garment_id: z.uuid(),
        tag_number: text(),
        item_name: text(),
        colour: text(),
        brand: text(),
        damage_note: text(),
        pocket_note: text(),
        photos: z.array(photo),
      }),
    ),
    cases: z.array(intakeCase),
  })
  .meta({ id: 'IntakeReport' });

export const customerGarment = z
  .object({
    id: z.uuid(),
    item_name: text(),
    colour: text(),
    brand: text(),
    tag_number: text(),
    photo_url: text().nullable(),
    history: z.array(
      z.object({
        order_id: z.uuid(),
        order_no: text(),
        date: text(),
        tag_number: text(),
        treatment: text(),
        damage_note: text(),
        pocket_note: text(),
        photos: z.array(photo),
      }),
    ),
  })
  .meta({ id: 'CustomerGarment' });

export const intakeReportApi = {
  report: endpoint({
    method: 'GET',
    path: '/api/orders/:id/intake-report',
    operationId: 'getIntakeReport',
    tag: 'Accounts',
    summary: 'The intake report of an order: its garments, their notes and photos, and its cases',
    description:
      'For the order’s customer (session) or the holder of the e-mailed link (`t`). 404 for another customer’s order or a report not sent yet; 401 for a link that is not valid.',
    auth: customer,
    params: byOrder,
    query: linkToken,
    replies: {
      200: z.object({ status: ok, report: intakeReport }),
      ...failures(400, 401, 404),
    },
  }),
  openCase: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cases',
    operationId: 'openIntakeCase',
    tag: 'Accounts',
    summary: 'Says an item is missing, or a garment’s note is wrong: a case staff must answer',
    description: `Within ${caseWindow} of the intake report (409 after, with how to reach the shop). \`order_garment_id\` is required for \`wrong-note\`. 404 for another customer’s order.`,
    auth: customer,
    params: byOrder,
    query: linkToken,
    body: caseInput,
    replies: {
      201: z.object({ status: ok, message: text(), case: intakeCase }),
      ...failures(400, 401, 404, 409, 422, 429),
    },
  }),
  garments: endpoint({
    method: 'GET',
    path: '/api/garments',
    operationId: 'listMyGarments',
    tag: 'Accounts',
    summary: 'The customer’s garments, each with its history across orders',
    auth: customer,
    replies: {
      200: z.object({ status: ok, garments: z.array(customerGarment) }),
      ...failures(401),
    },
  }),
  sendReport: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/intake-report',
    operationId: 'sendIntakeReport',
    tag: 'Back office',
    summary: `E-mails the intake report to the customer; the ${caseWindow} for cases start`,
    description:
      'Once per order: 409 when it was already sent, or when no garment is recorded yet.',
    auth: staff,
    params: byOrder,
    replies: {
      200: z.object({ status: ok, message: text(), reported_at: instant }),
      ...failures(400, 401, 403, 404, 409),
    },
  }),
  openCases: endpoint({
    method: 'GET',
    path: '/api/admin/cases',
    operationId: 'listOpenCases',
    tag: 'Back office',
    summary: 'Orders with cases waiting for an answer, oldest first, and how many',
    auth: staff,
    replies: {
      200: z.object({
        status: ok,
        total: z.number().int(),
        orders: z.array(
          z.object({
            id: z.uuid(),
            order_no: text(),
            customer_name: text(),
            status: text(),
            open_cases: z.number().int(),
            oldest_opened_at: instant,
          }),
        ),
      }),
      ...failures(401, 403),
    },
  }),
  answerCase: endpoint({
    method: 'POST',
    path: '/api/admin/cases/:id/answer',
    operationId: 'answerIntakeCase',
    tag: 'Back office',
    summary: 'Answers a case: e-mailed to the customer, and the case is closed',
    description:
      'Once: 409 when already answered. 422 for an empty answer or one over 2000 characters.',
    auth: staff,
    params: z.object({ id: recordId('We could not find that case.') }),
    body: caseAnswerInput,
    replies: {
      200: z.object({ status: ok, message: text() }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
};
