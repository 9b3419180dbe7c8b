import { z } from 'zod';
import { recordId, text } from './text';

/*
 * The intake report and its cases (issue 16, docs/decisions/028): the rules both sides share.
 */

const HOUR = 60 * 60 * 1000;

/** "48 hours": a length of time in whole hours, as the copy says it. */
export function hoursText(ms: number): string {
  return `${ms / HOUR} hours`;
}

/** How long after the intake report the customer may open a case on it. */
export const CASE_WINDOW_MS = 48 * HOUR;
/** The case window as the copy says it: "48 hours". */
export const caseWindow = hoursText(CASE_WINDOW_MS);

/**
 * How long after delivery the customer has to tell us that something is damaged or missing
 * (the delivered e-mail says so). Claims come by reply or phone, so nothing enforces it.
 */
export const DELIVERY_CLAIM_WINDOW_MS = 48 * HOUR;

/** How long the e-mailed link to the intake report opens it (cases still close at 48 hours). */
export const INTAKE_LINK_TTL_MS = 60 * 24 * HOUR;

export const CASE_TEXT_MAX_LENGTH = 2000;

/** When the customer may no longer open a case: `reportedAt` plus the window. */
export function caseWindowEndsAt(reportedAt: Date): Date {
  return new Date(reportedAt.getTime() + CASE_WINDOW_MS);
}

/** Whether a case may still be opened at `now` on a report sent at `reportedAt`. */
export function caseWindowOpen(reportedAt: Date | null, now: Date): boolean {
  return reportedAt !== null && now.getTime() <= caseWindowEndsAt(reportedAt).getTime();
}

export const caseKinds = ['missing-item', 'wrong-note'] as const;
export type CaseKind = (typeof caseKinds)[number];

export const caseKindLabels: Record<CaseKind, string> = {
  'missing-item': 'An item is missing',
  'wrong-note': 'This note is wrong',
};

const caseText = (empty: string) =>
  text({ error: empty })
    .trim()
    .min(1, empty)
    .max(
      CASE_TEXT_MAX_LENGTH,
      `Please keep it under ${CASE_TEXT_MAX_LENGTH} characters (or call us).`,
    );

/** The customer opens a case: what is missing, or which garment's note is wrong and how. */
export const caseInput = z
  .object({
    kind: z.enum(caseKinds, { error: 'Choose what is wrong.' }),
    order_garment_id: recordId('Choose the garment.').optional(),
    description: caseText('Please tell us what is wrong.'),
  })
  .refine((c) => c.kind !== 'wrong-note' || c.order_garment_id !== undefined, {
    message: 'Choose the garment whose note is wrong.',
    path: ['order_garment_id'],
  });
export type CaseInput = z.output<typeof caseInput>;

/** Staff's answer to a case: e-mailed to the customer, and it closes the case. */
export const caseAnswerInput = z.object({ answer: caseText('Please write your answer.') });
