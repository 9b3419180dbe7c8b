import { LONDON_ZONE } from '../london-zone';
import type { ClaimSettings } from './table';

/*
 * When a claim may be made (issue 34, decision 063): "missing" or "not mine" within the
 * owner's hours after the intake report or after delivery (or collection at the counter),
 * whichever ends later; damage or a re-clean within the owner's hours after delivery. Pure.
 */

export const claimItemKinds = ['missing', 'not-mine', 'damaged', 're-clean'] as const;
export type ClaimItemKind = (typeof claimItemKinds)[number];

export const claimItemKindLabels: Record<ClaimItemKind, string> = {
  missing: 'Missing',
  'not-mine': 'Not mine (I got someone else’s)',
  damaged: 'Damaged',
  're-clean': 'Needs a re-clean',
};

export const damageKinds = [
  'shrunk',
  'colour-lost',
  'hole-or-tear',
  'stain-left',
  'pressing',
  'other',
] as const;
export type DamageKind = (typeof damageKinds)[number];

export const damageKindLabels: Record<DamageKind, string> = {
  shrunk: 'Shrunk',
  'colour-lost': 'Colour lost',
  'hole-or-tear': 'Hole or tear',
  'stain-left': 'Stain left',
  pressing: 'Pressing',
  other: 'Other',
};

/**
 * Which window a kind of claim is in. Damage and re-cleans: after delivery (or collection at
 * the counter). A missing garment, or someone else's in the bag: after the intake report (the
 * report shows it short) and also after delivery (seen short at the door, or at the counter,
 * where a ticket has no intake report), whichever closes later (decision 063).
 */
export function windowFrom(kind: ClaimItemKind): 'intake-report-or-delivery' | 'delivery' {
  return kind === 'missing' || kind === 'not-mine' ? 'intake-report-or-delivery' : 'delivery';
}

const HOUR = 60 * 60 * 1000;

/**
 * When the window for `kind` closes, or null when it has not opened (no intake report, not
 * delivered yet).
 */
export function claimWindowEndsAt(
  kind: ClaimItemKind,
  times: { intakeReportedAt: Date | null; deliveredAt: Date | null },
  settings: ClaimSettings,
): Date | null {
  const afterDelivery = times.deliveredAt
    ? new Date(times.deliveredAt.getTime() + settings.damageWindowHours * HOUR)
    : null;
  if (windowFrom(kind) === 'delivery') return afterDelivery;
  const afterReport = times.intakeReportedAt
    ? new Date(times.intakeReportedAt.getTime() + settings.missingWindowHours * HOUR)
    : null;
  if (!afterReport || !afterDelivery) return afterReport ?? afterDelivery;
  return afterReport.getTime() > afterDelivery.getTime() ? afterReport : afterDelivery;
}

/** When the shop promises to answer a claim made at `madeAt`. */
export function answerDueAt(madeAt: Date, settings: ClaimSettings): Date {
  return new Date(madeAt.getTime() + settings.answerWithinHours * HOUR);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "Thu 3 Dec 2026, 10:00": an instant in London time, for people (Intl, no Luxon). */
export function londonDateTime(instant: Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(instant).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}
