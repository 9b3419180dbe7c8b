import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { auditLog, claimOffers, customers, outbox, staffUsers } from '../server/db/schema';
import { recordFinding } from '../server/use-cases/claims/find-fault';
import { makeClaim } from '../server/use-cases/claims/make-claim';
import { deliveredShirts } from '@tests/helpers/claim-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Decision 063, review round 2: the owner answers an offer above the threshold otherwise than
 * by signing it off (`POST /api/admin/claims/:id/sign-off-answer`): amends its amount with a
 * reason (a new offer, its lines scaled, made to the customer) or declines the claim with a
 * reason; owner only, audited, e-mailed; a bad answer is a 422 naming the field.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
const password = 'a-long-staff-password';
let clock = new Date(start.getTime() + 2 * HOUR);
let server: TestServer;
let owner: Record<string, string>;
let staff: Record<string, string>;
let actor: { id: string; name: string; role: 'staff' };
let customerId = '';
let seq = 0;

type Reply = {
  status: boolean;
  code?: string;
  errors?: Record<string, string[]>;
  claim: { status: string; offer: null | { total: string } };
};
const answer = (claimId: number, body: unknown, headers: Record<string, string>) =>
  server.api<Reply>(`/api/admin/claims/${claimId}/sign-off-answer`, { body, headers });

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  const db = server.database.db;
  await createStaffUser(db, { email: 'olive@so.test', name: 'Olive', role: 'owner', password });
  await createStaffUser(db, { email: 'sam@so.test', name: 'Sam', role: 'staff', password });
  const login = async (email: string) => {
    const reply = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    return { Authorization: `Bearer ${reply.body.token}` };
  };
  owner = await login('olive@so.test');
  staff = await login('sam@so.test');
  const [sam] = await db.select().from(staffUsers).where(eq(staffUsers.name, 'Sam'));
  actor = { id: sam!.id, name: 'Sam', role: 'staff' };
  const [customer] = await db
    .insert(customers)
    .values({ name: 'Ada', email: 'ada-so@example.com', phone: '07700900124' })
    .returning();
  customerId = customer!.id;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** A coat claimed as damaged, found ours: its offer (from the £200 ceiling) waits for the owner. */
async function waitingForOwner() {
  const { order, garments } = await deliveredShirts(server.services, actor, {
    customerId,
    at: start,
    tags: [`SO-${++seq}`],
  });
  const made = await makeClaim(server.services, {
    customerId,
    orderId: order.id,
    note: '',
    items: [
      {
        order_garment_id: garments[0]!.id,
        kind: 'damaged',
        damage_kind: 'shrunk',
        category: 'coats',
        age_months: 2,
        note: '',
      },
    ],
  });
  const found = await recordFinding(server.services, {
    actor,
    claimId: made.claim.id,
    findings: [{ claim_item_id: made.items[0]!.id, fault: 'ours' }],
    reason: '',
  });
  expect(found.claim.status).toBe('sign-off');
  return { claimId: made.claim.id, offerPence: found.offer!.totalPence };
}

const mailsOf = async (template: string) =>
  (await server.database.db.select().from(outbox).where(eq(outbox.template, template))).map(
    (m) => m.textBody,
  );
const audited = async (action: string, claimId: number) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(claimId))));

describe('the owner’s answer to an offer above the threshold', () => {
  test('amended with a reason: a new offer whose lines add up, made and e-mailed, audited', async () => {
    const { claimId, offerPence } = await waitingForOwner();
    expect(offerPence).toBeGreaterThan(7500);
    const byStaff = await answer(claimId, { answer: 'amend', amount: '60.00', reason: 'x' }, staff);
    expect(byStaff.status).toBe(403);
    const noReason = await answer(claimId, { answer: 'amend', amount: '60.00' }, owner);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toEqual(['Please say why the offer is changed.']);
    const badAmount = await answer(
      claimId,
      { answer: 'amend', amount: 'lots', reason: 'x' },
      owner,
    );
    expect(badAmount.status).toBe(422);
    expect(badAmount.body.errors?.amount).toBeDefined();

    const amended = await answer(
      claimId,
      { answer: 'amend', amount: '60.00', reason: 'The coat was second-hand.' },
      owner,
    );
    expect(amended.status).toBe(200);
    expect(amended.body.claim.status).toBe('offered');
    expect(amended.body.claim.offer?.total).toBe('60.00');
    const offers = await server.database.db
      .select()
      .from(claimOffers)
      .where(eq(claimOffers.claimId, claimId));
    const newest = offers.sort((a, b) => b.id - a.id)[0]!;
    expect(newest.lines.reduce((sum, l) => sum + l.totalPence, 0)).toBe(6000);
    expect(newest.reason).toBe('The coat was second-hand.');
    expect((await mailsOf('claim-offer')).join('\n')).toContain(
      'Checking the offer, our owner made it £60.00 for this garment.',
    );
    expect(await audited('claim.offer-amended', claimId)).toHaveLength(1);
    const again = await answer(claimId, { answer: 'decline', reason: 'Changed my mind' }, owner);
    expect(again.status).toBe(409);
  });

  test('declined with a reason: the claim declined, the customer told, audited', async () => {
    const { claimId } = await waitingForOwner();
    const declined = await answer(
      claimId,
      { answer: 'decline', reason: 'The shrinkage was there at intake.' },
      owner,
    );
    expect(declined.status).toBe(200);
    expect(declined.body.claim.status).toBe('declined');
    expect((await mailsOf('claim-answer')).join('\n')).toContain(
      'Our owner has looked at your claim and declined it: The shrinkage was there at intake.',
    );
    expect(await audited('claim.sign-off-declined', claimId)).toHaveLength(1);
    clock = new Date(clock.getTime() + 60_000);
  });
});
