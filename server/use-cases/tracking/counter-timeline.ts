import type { OrderStatus } from '@shared/order-status';
import {
  draft,
  lastMove,
  londonMoment,
  presentSteps,
  type Draft,
  type TrackingFacts,
  type TrackingView,
} from './tracking-timeline';

/*
 * The tracking page of a counter ticket (issue 32): handed in at a branch and collected there,
 * so no van, no collection or delivery window. Its steps speak of "ready for collection at
 * Maida Vale branch", as the ticket's texts and e-mails do. Pure: the read use-case gathers
 * the facts (`order-tracking.ts`).
 */

export type CounterFacts = {
  branchName: string;
  promisedReadyAt: Date;
  readyAt: Date | null;
  collectedAt: Date | null;
};

const rank: Partial<Record<OrderStatus, number>> = {
  collected: 1,
  cleaning: 2,
  ready: 3,
  delivered: 5,
};

/** A counter ticket's timeline: handed in, cleaning, ready for collection, collected. */
export function buildCounterTracking(facts: TrackingFacts, counter: CounterFacts): TrackingView {
  const cancelled = facts.status === 'cancelled';
  const reachedRank = cancelled
    ? Math.max(1, ...facts.events.map((e) => rank[e.toStatus as OrderStatus] ?? 0))
    : (rank[facts.status] ?? 1);
  const where = `${counter.branchName} branch`;
  const collected = counter.collectedAt ?? lastMove(facts, 'delivered');
  const steps: Draft[] = [
    draft('booked', `Handed in at ${where}`, true, facts.createdAt, [
      `Promised ready: ${londonMoment(counter.promisedReadyAt)}`,
    ]),
    draft('cleaning', 'Cleaning', reachedRank >= 2, lastMove(facts, 'cleaning')),
    draft(
      'ready',
      `Ready for collection at ${where}`,
      reachedRank >= 3,
      counter.readyAt ?? lastMove(facts, 'ready'),
      reachedRank >= 3 && reachedRank < 5
        ? ['Bring your ticket, or give us your phone number at the counter.']
        : [],
    ),
    draft('delivered', `Collected from ${where}`, reachedRank >= 5, collected),
  ];
  let shown = steps;
  if (cancelled) {
    shown = steps.filter((s) => s.reached);
    shown.push(
      draft('cancelled', 'Cancelled', true, lastMove(facts, 'cancelled'), [
        'This ticket is cancelled.',
      ]),
    );
  }
  return presentSteps(facts, shown, { cancelled, live: false });
}
