import { z } from 'zod';
import { parsePounds } from '../money';
import { recordId, text } from '../text';
import { claimFaults, claimPayMethods } from './claim';
import { garmentCategories, garmentConditions } from './table';
import { claimItemKinds, damageKinds } from './window';

/*
 * What the customer and staff send about a claim (issue 34): the schemas the API contract and
 * the pages share.
 */

export const CLAIM_TEXT_MAX = 2000;

const note = (max = CLAIM_TEXT_MAX) =>
  text().trim().max(max, `Please keep it under ${max} characters.`).optional().default('');

const reasonText = (empty: string) =>
  text({ error: empty })
    .trim()
    .min(1, empty)
    .max(CLAIM_TEXT_MAX, `Please keep it under ${CLAIM_TEXT_MAX} characters.`);

/** Pounds as typed ('45', '45.00') → pence; refused with a message otherwise. */
export const pounds = (message: string) =>
  text({ error: message })
    .trim()
    .transform((value, ctx) => {
      const pence = parsePounds(value);
      if (pence === null || pence > 1_000_000) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return pence;
    });

const AGE_MESSAGE = 'Give its age in months.';

/**
 * A garment's age in whole months, as a number or as typed in a form ('6'). Left empty, null or
 * missing it is refused with the field's message (a coercion made "" and null 0 months).
 */
const ageMonths = z
  .union([z.number(), text()], { error: AGE_MESSAGE })
  .transform((value) => (typeof value === 'number' ? value : value.trim() ? Number(value) : NaN))
  .pipe(
    z
      .number({ error: AGE_MESSAGE })
      .int('Give its age in whole months.')
      .min(0, AGE_MESSAGE)
      .max(1200, 'Give its age in months (at most 1,200).'),
  );

export const claimItemInput = z
  .object({
    order_garment_id: recordId('Choose the garment.'),
    kind: z.enum(claimItemKinds, { error: 'Choose what happened to the garment.' }),
    damage_kind: z.enum(damageKinds, { error: 'Choose the kind of damage.' }).optional(),
    category: z.enum(garmentCategories, { error: 'Choose what kind of garment it is.' }),
    age_months: ageMonths,
    replacement_cost: pounds('Enter what a new one costs, like 45.00.').optional(),
    note: note(),
  })
  .refine((i) => i.kind !== 'damaged' || i.damage_kind !== undefined, {
    message: 'Choose the kind of damage.',
    path: ['damage_kind'],
  });

export const claimInput = z.object({
  items: z
    .array(claimItemInput, { error: 'Choose at least one garment.' })
    .min(1, 'Choose at least one garment.')
    .max(30, 'At most 30 garments in one claim.')
    .refine((items) => new Set(items.map((i) => i.order_garment_id)).size === items.length, {
      message: 'Each garment once, please.',
    }),
  note: note(),
});
export type ClaimInput = z.output<typeof claimInput>;

/** Staff's finding on each claimed garment (re-cleans need none). */
export const claimFindingInput = z.object({
  findings: z
    .array(
      z
        .object({
          claim_item_id: recordId('Choose the garment.'),
          fault: z.enum(claimFaults, { error: 'Say whose fault it is.' }),
          condition: z.enum(garmentConditions, { error: 'Choose a condition.' }).optional(),
          condition_reason: text().trim().max(CLAIM_TEXT_MAX).optional(),
        })
        .refine((f) => f.condition === undefined || (f.condition_reason ?? '') !== '', {
          message: 'Say why the condition is corrected.',
          path: ['condition_reason'],
        }),
    )
    .min(1, 'Record a finding.')
    .max(30),
  reason: text().trim().max(CLAIM_TEXT_MAX).optional().default(''),
});
export type ClaimFindingInput = z.output<typeof claimFindingInput>;

export const claimAcceptInput = z.object({
  method: z.enum(claimPayMethods, { error: 'Choose a refund or account credit.' }),
});

export const claimDisputeInput = z.object({
  reason: reasonText('Please tell us why the offer is not fair.'),
});

export const claimDisputeAnswerInput = z.discriminatedUnion(
  'answer',
  [
    z.object({
      answer: z.literal('raise'),
      amount: pounds('Enter the new offer, like 80.00.'),
      reason: reasonText('Please say why the offer is raised.'),
    }),
    z.object({
      answer: z.literal('decline'),
      reason: reasonText('Please say why the claim is declined.'),
    }),
  ],
  { error: 'Raise the offer or decline the dispute.' },
);
export type ClaimDisputeAnswer = z.output<typeof claimDisputeAnswerInput>;

/** The owner's answer to an offer above the threshold, other than signing it off as made. */
export const claimSignOffAnswerInput = z.discriminatedUnion(
  'answer',
  [
    z.object({
      answer: z.literal('amend'),
      amount: pounds('Enter the offer, like 80.00.'),
      reason: reasonText('Please say why the offer is changed.'),
    }),
    z.object({
      answer: z.literal('decline'),
      reason: reasonText('Please say why the claim is declined.'),
    }),
  ],
  { error: 'Change the offer or decline the claim.' },
);
export type ClaimSignOffAnswer = z.output<typeof claimSignOffAnswerInput>;
