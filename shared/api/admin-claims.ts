import { z } from 'zod';
import { claimStatuses } from '../claims/claim';
import {
  claimDisputeAnswerInput,
  claimFindingInput,
  claimPaymentCheckInput,
  claimSignOffAnswerInput,
} from '../claims/input';
import { garmentCategories, garmentConditions } from '../claims/table';
import { text } from '../text';
import { byClaim, claimReply, claimView } from './claims';
import { endpoint, failures, instant, money, ok } from './contract';

/*
 * The back office's side of fair claims (issue 34, decision 063): the claims waiting on the
 * shop, a claim's whole file, the finding of fault, the owner's sign-off and answers (to an
 * offer above the threshold, a dispute, a refund left unanswered), and the claims table.
 */

const staff = ['staff'] as const;

export const claimTableBody = z
  .object({
    categories: z.record(
      z.enum(garmentCategories),
      z.object({ life_months: z.number().int(), ceiling: money }),
    ),
    bands: z.array(
      z.object({
        up_to_percent_of_life: z.number().int().nullable(),
        percent: z.record(z.enum(garmentConditions), z.number().int()),
      }),
    ),
    sign_off_above: money,
    missing_window_hours: z.number().int(),
    damage_window_hours: z.number().int(),
    credit_bonus_percent: z.number().int(),
    answer_within_hours: z.number().int(),
  })
  .meta({ id: 'ClaimTable' });

export const adminClaimsApi = {
  waiting: endpoint({
    method: 'GET',
    path: '/api/admin/claims',
    operationId: 'listWaitingClaims',
    tag: 'Back office',
    summary:
      'Claims waiting on the shop (finding, sign-off, dispute), oldest first, with their age',
    auth: staff,
    replies: {
      200: z.object({
        status: ok,
        claims: z.array(
          z.object({
            id: z.number().int(),
            order_no: text(),
            status: z.enum(claimStatuses),
            made_at: instant,
            age_hours: z.number().int(),
            answer_due_at: instant,
            overdue: z.boolean(),
          }),
        ),
      }),
      ...failures(401, 403),
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/claims/:id',
    operationId: 'getClaim',
    tag: 'Back office',
    summary: 'A claim’s whole file: evidence, finding, offer, payment, disputes',
    auth: staff,
    params: byClaim,
    replies: { 200: z.object({ status: ok, claim: claimView }), ...failures(401, 403, 404) },
  }),
  finding: endpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/finding',
    operationId: 'recordClaimFinding',
    tag: 'Back office',
    summary: 'Records the finding of fault per garment (condition corrected with a reason)',
    description:
      '"ours" makes the offer from the table in force at once when it is at or below the owner’s threshold; above it the owner signs it off. "Not ours" on every garment declines the claim, e-mailed.',
    auth: staff,
    params: byClaim,
    body: claimFindingInput,
    replies: { 200: claimReply, ...failures(401, 403, 404, 409, 422) },
  }),
  signOff: endpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/sign-off',
    operationId: 'signOffClaimOffer',
    tag: 'Back office',
    summary: 'The owner signs off an offer above the threshold; it is made to the customer',
    auth: staff,
    params: byClaim,
    replies: { 200: claimReply, ...failures(401, 403, 404, 409) },
  }),
  answerSignOff: endpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/sign-off-answer',
    operationId: 'answerClaimSignOff',
    tag: 'Back office',
    summary:
      'The owner amends an offer waiting for sign-off (it is then made) or declines the claim, with a reason',
    description:
      'Amend: a new offer of the amount, its garments’ lines scaled in proportion, signed off and e-mailed; decline: the claim declined with the reason, e-mailed (the customer may dispute it). Both audited.',
    auth: staff,
    params: byClaim,
    body: claimSignOffAnswerInput,
    replies: { 200: claimReply, ...failures(401, 403, 404, 409, 422) },
  }),
  checkPayment: endpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/payment-check',
    operationId: 'checkClaimPayment',
    tag: 'Back office',
    summary:
      'The owner says what the provider’s dashboard shows of a refund left unanswered for 20 hours',
    description:
      'Only for a claim whose payment is `needs-attention`. "refunded": one refund reference per unanswered part, in the plan’s order, each recorded with its credit note; "not-refunded": those parts refused. The claim is then paid as at accept (what went back, the rest as account credit); when nothing went back the customer is told the offer stands, to take as credit. Audited.',
    auth: staff,
    params: byClaim,
    body: claimPaymentCheckInput,
    replies: { 200: claimReply, ...failures(401, 403, 404, 409, 422) },
  }),
  answerDispute: endpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/dispute-answer',
    operationId: 'answerClaimDispute',
    tag: 'Back office',
    summary: 'The owner raises the offer (audited) or declines the dispute, with a reason',
    auth: staff,
    params: byClaim,
    body: claimDisputeAnswerInput,
    replies: { 200: claimReply, ...failures(401, 403, 404, 409, 422) },
  }),
  table: endpoint({
    method: 'GET',
    path: '/api/admin/claims-table',
    operationId: 'getClaimTable',
    tag: 'Back office',
    summary: 'The claims table in force and its version (0: the default shipped)',
    auth: staff,
    replies: {
      200: z.object({ status: ok, version: z.number().int(), table: claimTableBody }),
      ...failures(401, 403),
    },
  }),
  saveTable: endpoint({
    method: 'PUT',
    path: '/api/admin/claims-table',
    operationId: 'saveClaimTable',
    tag: 'Back office',
    summary: 'The owner saves a new version of the table; offers already made keep theirs',
    auth: staff,
    body: claimTableBody,
    replies: {
      200: z.object({ status: ok, message: text(), version: z.number().int() }),
      ...failures(401, 403, 422),
    },
  }),
};
