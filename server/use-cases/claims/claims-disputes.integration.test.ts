import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { deliveredShirts } from '@tests/helpers/claim-fixtures';
import { eq } from 'drizzle-orm';
import { claims, outbox } from '../../db/schema';
import type { AppError } from '../../errors';
import { claimsRegister } from '../reports/claims-register';
import { acceptOffer } from './accept-offer';
import { answerDispute, disputeClaim } from './dispute';
import { recordFinding, standingOffer } from './find-fault';
import { makeClaim } from './make-claim';

/*
 * Decision 063's smaller defects, fixed: a declined claim is disputed once (the owner's answer
 * to it is final: 409 `claim-disputed`), a dispute waiting is not disputed again, and a raise
 * that is not more than the offer is refused with its code; a raised offer's lines add up to
 * it (also raising a declined claim, which had none), and the register counts its money.
 */

const start = new Date('2026-12-01T09:00:00Z');
let world: UseCaseWorld;
let owner: { id: string; name: string; role: 'owner' };

beforeAll(async () => {
  world = await createUseCaseWorld(start);
  owner = { ...world.actor, role: 'owner' };
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

const claimRow = async (id: number) =>
  (await world.database.db.select().from(claims).where(eq(claims.id, id)))[0]!;

async function claimOn(tag: string, kind: 'damaged' | 'missing' | 'not-mine' = 'damaged') {
  const { order, garments } = await deliveredShirts(world.services, world.actor, {
    customerId: world.customerId,
    at: start,
    tags: [tag],
  });
  const services = { ...world.services, now: () => new Date(start.getTime() + 2 * 3600_000) };
  const made = await makeClaim(services, {
    customerId: world.customerId,
    orderId: order.id,
    note: '',
    items: [
      {
        order_garment_id: garments[0]!.id,
        kind,
        damage_kind: kind === 'damaged' ? 'shrunk' : undefined,
        category: 'shirts',
        age_months: 2,
        note: '',
      },
    ],
  });
  return {
    services,
    claimId: made.claim.id,
    itemId: made.items[0]!.id,
    orderId: order.id,
    garmentId: garments[0]!.id,
  };
}

describe('disputes', () => {
  it('a declined claim is disputed once: the owner’s answer is final', async () => {
    const { services, claimId, itemId } = await claimOn('D-1');
    const declined = await recordFinding(services, {
      actor: world.actor,
      claimId,
      findings: [{ claim_item_id: itemId, fault: 'not-ours-wear' }],
      reason: '',
    });
    expect(declined.claim.status).toBe('declined');
    const dispute = { customerId: world.customerId, claimId, reason: 'It was new' };
    await disputeClaim(services, dispute);
    const waiting = await refusal(disputeClaim(services, dispute));
    expect(waiting?.code).toBe('claim-disputed');
    await answerDispute(services, {
      actor: owner,
      claimId,
      answer: { answer: 'decline', reason: 'The cuffs were worn at intake.' },
    });
    const again = await refusal(disputeClaim(services, dispute));
    expect(again?.code).toBe('claim-disputed');
    expect(again?.message).toContain('final');
    expect((await claimRow(claimId)).status).toBe('declined');
  });

  it('declining the dispute of an offer leaves the offer standing, final, to accept', async () => {
    const { services, claimId, itemId } = await claimOn('D-5');
    const found = await recordFinding(services, {
      actor: world.actor,
      claimId,
      findings: [{ claim_item_id: itemId, fault: 'ours' }],
      reason: '',
    });
    const dispute = { customerId: world.customerId, claimId, reason: 'Too low' };
    await disputeClaim(services, dispute);
    const answered = await answerDispute(services, {
      actor: owner,
      claimId,
      answer: { answer: 'decline', reason: 'The table’s figure is fair.' },
    });
    expect(answered.claim).toMatchObject({ status: 'offered', closedAt: null });
    const told = await world.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-answer'));
    expect(told.map((m) => m.textBody).join('\n')).toContain('cannot change the offer: it stands');
    const again = await refusal(disputeClaim(services, dispute));
    expect(again?.code).toBe('claim-disputed');
    const paid = await acceptOffer(services, {
      customerId: world.customerId,
      claimId,
      method: 'credit',
    });
    expect(paid.paidPence).toBe(Math.round(found.offer!.totalPence * 1.1));
  });
});

describe('a decline’s words', () => {
  it('are those of the claim’s kind: a missing garment is not "damage"', async () => {
    for (const [tag, kind, words] of [
      ['D-6', 'missing', 'the garment reported missing was not lost in our care'],
      ['D-7', 'not-mine', 'the garment you did not recognise is the one we collected from you'],
      ['D-8', 'damaged', 'the damage was not caused by our cleaning'],
    ] as const) {
      const before = await world.database.db.select().from(outbox);
      const { services, claimId, itemId } = await claimOn(tag, kind);
      await recordFinding(services, {
        actor: world.actor,
        claimId,
        findings: [{ claim_item_id: itemId, fault: 'not-ours-wear' }],
        reason: 'Our records show it',
      });
      const after = await world.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.template, 'claim-answer'));
      const text = after
        .filter((m) => !before.some((b) => b.id === m.id))
        .map((m) => m.textBody)
        .join('\n');
      expect(text).toContain(`We found that ${words}: Our records show it.`);
      if (kind !== 'damaged') expect(text).not.toContain('damage');
    }
  });
});

describe('one garment, paid once', () => {
  it('a declined claim that may still be disputed keeps its garment from a new claim', async () => {
    const { services, claimId, itemId, orderId, garmentId } = await claimOn('D-4');
    await recordFinding(services, {
      actor: world.actor,
      claimId,
      findings: [{ claim_item_id: itemId, fault: 'not-ours-wear' }],
      reason: '',
    });
    const claimAgain = () =>
      refusal(
        makeClaim(services, {
          customerId: world.customerId,
          orderId,
          note: '',
          items: [
            {
              order_garment_id: garmentId,
              kind: 'damaged',
              damage_kind: 'shrunk',
              category: 'shirts',
              age_months: 2,
              note: '',
            },
          ],
        }),
      );
    // Declined, not disputed yet: a second claim (found ours, then the first raised) would
    // pay the garment twice.
    const declinedOpen = await claimAgain();
    expect(declinedOpen?.code).toBe('claim-garment-declined');
    expect(declinedOpen?.message).toContain('dispute that answer');
    await disputeClaim(services, { customerId: world.customerId, claimId, reason: 'New shirt' });
    expect((await claimAgain())?.code).toBe('already-done');
    await answerDispute(services, {
      actor: owner,
      claimId,
      answer: { answer: 'decline', reason: 'Worn at intake.' },
    });
    // The decline is final now: the garment is free (claimed again, e.g. found missing later).
    expect(await claimAgain()).toBeNull();
  });

  it('a raise that is not more than the offer standing is refused with its code', async () => {
    const { services, claimId, itemId } = await claimOn('D-2');
    const found = await recordFinding(services, {
      actor: world.actor,
      claimId,
      findings: [{ claim_item_id: itemId, fault: 'ours' }],
      reason: '',
    });
    await disputeClaim(services, { customerId: world.customerId, claimId, reason: 'Too low' });
    const error = await refusal(
      answerDispute(services, {
        actor: owner,
        claimId,
        answer: { answer: 'raise', amount: found.offer!.totalPence, reason: 'Same' },
      }),
    );
    expect(error?.code).toBe('claim-offer-not-raised');
  });
});

describe('a raised offer', () => {
  it('raising a declined claim: lines that add up to it; paid, and in the register’s rows', async () => {
    const { services, claimId, itemId } = await claimOn('D-3');
    await recordFinding(services, {
      actor: world.actor,
      claimId,
      findings: [{ claim_item_id: itemId, fault: 'not-ours-care-label' }],
      reason: '',
    });
    await disputeClaim(services, {
      customerId: world.customerId,
      claimId,
      reason: 'Label said so',
    });
    const raised = await answerDispute(services, {
      actor: owner,
      claimId,
      answer: { answer: 'raise', amount: 2000, reason: 'Goodwill: a regular customer.' },
    });
    const offer = await standingOffer(world.database.db, claimId);
    expect(offer!.id).toBe(raised.offerId);
    expect(offer!.lines).toHaveLength(1);
    expect(offer!.lines.reduce((sum, l) => sum + l.totalPence, 0)).toBe(2000);
    expect(offer!.lines[0]).toMatchObject({ claimItemId: itemId, totalPence: 2000 });

    const paid = await acceptOffer(services, {
      customerId: world.customerId,
      claimId,
      method: 'credit',
    });
    expect(paid.paidPence).toBe(2200);
    const register = await claimsRegister(services, { staff: { role: 'owner' } });
    const rows = register.rows.filter((r) => r.fault === 'not-ours-care-label');
    expect(rows.reduce((sum, r) => sum + r.paidPence, 0)).toBe(2200);
    expect(register.rows.reduce((sum, r) => sum + r.paidPence, 0)).toBe(register.totals.paidPence);
  });
});
