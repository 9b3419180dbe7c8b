import { describe, expect, it } from 'vitest';
import { buildCounterTracking, type CounterFacts } from './counter-timeline';
import type { TrackingFacts } from './tracking-timeline';

/* A counter ticket's tracking page (issue 32): the branch's words, no van, no windows. */

const handedIn = new Date('2026-11-23T10:15:00Z');
const readyAt = new Date('2026-11-25T14:00:00Z');
const facts = (status: TrackingFacts['status'], events: TrackingFacts['events'] = []) =>
  ({
    orderNumber: 'LD-100042',
    customerName: 'Ada Lovelace',
    postcode: 'W9 1AA',
    status,
    registered: true,
    createdAt: handedIn,
    pickup: { startsAt: handedIn, endsAt: handedIn },
    delivery: { startsAt: handedIn, endsAt: handedIn },
    events,
    stops: [],
    intakeReportedAt: null,
    garmentCount: 3,
    stop: null,
    rescheduleUrl: null,
  }) satisfies TrackingFacts;
const counter: CounterFacts = {
  branchName: 'Maida Vale',
  promisedReadyAt: new Date('2026-11-25T17:00:00Z'),
  readyAt: null,
  collectedAt: null,
};

describe('buildCounterTracking', () => {
  it('handed in: the branch and the promised time, then ready for collection to come', () => {
    const view = buildCounterTracking(facts('collected'), counter);
    expect(view.steps.map((s) => [s.title, s.state])).toEqual([
      ['Handed in at Maida Vale branch', 'current'],
      ['Cleaning', 'to-come'],
      ['Ready for collection at Maida Vale branch', 'to-come'],
      ['Collected from Maida Vale branch', 'to-come'],
    ]);
    expect(view.steps[0]!.lines).toEqual(['Promised ready: Wed 25 Nov, 17:00']);
    expect(view.live).toBe(false);
    // Nothing of a van: no collection or delivery window.
    expect(JSON.stringify(view)).not.toMatch(/Delivery|delivery window|driver/i);
  });

  it('ready: "Ready for collection at Maida Vale branch" is the current step, with its time', () => {
    const view = buildCounterTracking(facts('ready', [{ toStatus: 'ready', at: readyAt }]), {
      ...counter,
      readyAt,
    });
    const current = view.steps.find((s) => s.state === 'current')!;
    expect(current).toMatchObject({
      key: 'ready',
      title: 'Ready for collection at Maida Vale branch',
      when: 'Wed 25 Nov, 14:00',
    });
    expect(current.lines[0]).toContain('Bring your ticket');
  });

  it('collected: the last step, at the hand-over', () => {
    const collectedAt = new Date('2026-11-27T09:30:00Z');
    const view = buildCounterTracking(facts('delivered'), { ...counter, readyAt, collectedAt });
    expect(view.steps.at(-1)).toMatchObject({
      title: 'Collected from Maida Vale branch',
      state: 'current',
      when: 'Fri 27 Nov, 09:30',
    });
    expect(view.steps.every((s) => s.state !== 'to-come')).toBe(true);
  });
});
