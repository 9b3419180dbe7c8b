import { z } from 'zod';
import { claimFaults, claimPayMethods, claimStatuses } from '../claims/claim';
import { claimAcceptInput, claimDisputeInput, claimInput } from '../claims/input';
import { garmentCategories, garmentConditions } from '../claims/table';
import { claimItemKinds, damageKinds } from '../claims/window';
import { recordId, text } from '../text';
import { endpoint, failures, instant, money, ok } from './contract';

/*
 * Fair claims (issue 34, decision 063). The customer claims on their own order's garments
 * (missing, not theirs, damaged, a re-clean) within the owner's windows, adds photos, sees the
 * evidence and the offer with the numbers behind it, accepts (refund or credit) or disputes.
 * Staff record the finding of fault; the owner signs off offers above the threshold, answers
 * disputes and edits the table (PUT /api/admin/claims-table). The register is the owner's
 * report `claims` (/api/admin/reports/claims, CSV at /admin/reports/claims.csv).
 */

const customer = ['bearer', 'cookie'] as const;
const byOrder = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
export const byClaim = z.object({ id: recordId('We could not find that claim.') });
const photo = z.object({ id: z.uuid(), url: text().meta({ description: 'Signed, expiring' }) });
/** A guest's way in (decision 063): the token of the order's e-mailed intake report link. */
const linkTokenField = text()
  .max(200)
  .optional()
  .meta({ description: 'The signed token of the intake report link (a guest: no login needed)' });
const linkToken = z.object({ t: linkTokenField });

const offerLine = z.object({
  claim_item_id: z.number().int(),
  garment: text(),
  category: z.enum(garmentCategories),
  life_months: z.number().int(),
  age_months: z.number().int(),
  band_up_to_months: z.number().int().nullable(),
  condition: z.enum(garmentConditions),
  percent: z.number().int(),
  replacement_cost: money,
  cost_basis: z.enum(['receipt', 'stated-within-ceiling', 'ceiling']),
  value: money,
  cleaning_charge: money,
  total: money,
  in_words: z.array(text()),
});

export const claimView = z
  .object({
    id: z.number().int(),
    order_id: z.uuid(),
    order_no: text(),
    status: z.enum(claimStatuses),
    status_label: text(),
    note: text(),
    made_at: instant,
    answer_due_at: instant.meta({ description: 'The shop promised to answer by then' }),
    answer_due_display: text(),
    declined_reason: text().nullable(),
    items: z.array(
      z.object({
        id: z.number().int(),
        order_garment_id: z.number().int(),
        garment: text(),
        kind: z.enum(claimItemKinds),
        damage_kind: z.enum(damageKinds).nullable(),
        category: z.enum(garmentCategories),
        age_months: z.number().int(),
        replacement_cost: money.nullable(),
        condition: z.enum(garmentConditions),
        condition_reason: text().nullable(),
        cleaning_charge: money,
        note: text(),
        fault: z.enum(claimFaults).nullable(),
        photos: z.array(photo),
        receipt: photo.nullable(),
        reclean_order_no: text().nullable(),
      }),
    ),
    offer: z
      .object({
        id: z.number().int(),
        total: money,
        table_version: z.number().int(),
        needs_sign_off: z.boolean(),
        signed_off_at: instant.nullable(),
        raised_reason: text().nullable(),
        credit_with_bonus: money,
        lines: z.array(offerLine),
        consumer_rights: text(),
      })
      .nullable(),
    payment: z
      .object({
        method: z.enum(claimPayMethods),
        paid: money,
        status: z.enum(['paying', 'paid', 'needs-attention']),
        paid_at: instant.nullable(),
        /** A refund's parts, one per card or PayPal charge, each answered or not yet. */
        refund_parts: z.array(
          z.object({ amount: money, outcome: z.enum(['refunded', 'refused']).nullable() }),
        ),
      })
      .nullable(),
    disputes: z.array(
      z.object({
        reason: text(),
        made_at: instant,
        answer: z.enum(['raised', 'declined']).nullable(),
        answer_reason: text().nullable(),
      }),
    ),
    evidence: z.object({
      garments: z.array(
        z.object({
          order_garment_id: z.number().int(),
          tag_number: text(),
          item_name: text(),
          colour: text(),
          brand: text(),
          damage_note: text(),
          pocket_note: text(),
          recorded_at: instant,
          recorded_by: text().nullable(),
          photos: z.array(photo),
          /** The tag's scans, oldest first: tagged, looked up, found at the counter. */
          scans: z.array(z.object({ what: text(), at: instant, by: text().nullable() })),
        }),
      ),
      stops: z.array(
        z.object({
          leg: z.enum(['collection', 'delivery']),
          outcome: text(),
          at: instant,
          by: text().nullable(),
          bags: z.number().int().nullable(),
          seal_numbers: z.array(text()),
          left_with: text(),
          note: text(),
          photo: photo.nullable(),
        }),
      ),
      moves: z.array(z.object({ from: text().nullable(), to: text(), by: text(), at: instant })),
    }),
  })
  .meta({ id: 'Claim' });

export const claimReply = z.object({ status: ok, message: text(), claim: claimView });

export const claimsApi = {
  make: endpoint({
    method: 'POST',
    path: '/api/orders/:id/claims',
    operationId: 'makeClaim',
    tag: 'Accounts',
    summary: 'Claims on garments of the customer’s own order: missing, not mine, damaged, re-clean',
    description:
      'Within the owner’s windows: missing and not mine after the intake report or delivery, damaged and re-clean after delivery (409 `claim-window-closed` with the time it closed, `claim-window-not-open` before). 404 for another customer’s order or garment. A re-clean opens a free order on the board at once. A guest claims with `t`, the token of the order’s intake report link (as the report itself; then also on the claim’s other endpoints).',
    auth: customer,
    params: byOrder,
    query: linkToken,
    body: claimInput,
    replies: { 201: claimReply, ...failures(401, 404, 409, 422) },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/claims',
    operationId: 'listMyClaims',
    tag: 'Accounts',
    summary: 'The customer’s claims, newest first',
    auth: customer,
    replies: {
      200: z.object({
        status: ok,
        claims: z.array(
          z.object({
            id: z.number().int(),
            order_id: z.uuid(),
            status: z.enum(claimStatuses),
            status_label: text(),
            made_at: instant,
          }),
        ),
      }),
      ...failures(401),
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/claims/:id',
    operationId: 'getMyClaim',
    tag: 'Accounts',
    summary: 'A claim with its evidence, the offer in plain words and the answer time',
    auth: customer,
    params: byClaim,
    query: linkToken,
    replies: { 200: z.object({ status: ok, claim: claimView }), ...failures(401, 404) },
  }),
  photo: endpoint({
    method: 'POST',
    path: '/api/claims/:id/items/:item/photos',
    operationId: 'addClaimPhoto',
    tag: 'Accounts',
    summary: 'Adds the customer’s photo of a claimed garment or of its receipt (raw image body)',
    description:
      'JPEG, PNG or WebP up to 10 MB, kept without metadata. While the claim is open (409 after the answer).',
    auth: customer,
    bodyKind: 'raw',
    params: z.object({
      id: recordId('We could not find that claim.'),
      item: recordId('We could not find that garment.'),
    }),
    query: z.object({
      role: z.enum(['damage', 'receipt'], { error: 'Say what the photo shows.' }).default('damage'),
      t: linkTokenField,
    }),
    replies: {
      201: z.object({ status: ok, photo }),
      ...failures(401, 404, 409, 413, 422),
    },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/claims/:id/accept',
    operationId: 'acceptClaimOffer',
    tag: 'Accounts',
    summary: 'Accepts the offer: refunded to the card or PayPal, or as credit with the bonus',
    description:
      'Paid once: a second accept (even at the same moment) is 409 `claim-paid`. 409 `claim-refund-too-large` when the offer is more than the order paid by card or PayPal.',
    auth: customer,
    params: byClaim,
    query: linkToken,
    body: claimAcceptInput,
    replies: { 200: claimReply, ...failures(401, 404, 409, 422) },
  }),
  dispute: endpoint({
    method: 'POST',
    path: '/api/claims/:id/dispute',
    operationId: 'disputeClaim',
    tag: 'Accounts',
    summary: 'Disputes the offer or the answer: the file goes to the owner with the reason',
    auth: customer,
    params: byClaim,
    query: linkToken,
    body: claimDisputeInput,
    replies: { 200: claimReply, ...failures(401, 404, 409, 422) },
  }),
};
