import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  auditLog,
  claimPayments,
  customerCredits,
  customers,
  financialDocuments,
  orderEvents,
  orders,
  outbox,
  payments,
  staffUsers,
} from '../server/db/schema';
import { sendIntakeReport } from '../server/use-cases/intake-report/send-intake-report';
import { insertOrderRow, logIn, saveTestCard, signUp } from '@tests/helpers/fixtures';
import { garmentPhotoBytes, recordGarmentRows } from '@tests/helpers/intake-fixtures';
import { pdfText } from '@tests/helpers/pdf-text';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 34 through the API: a customer claims within the window (after it: 409 with the time
 * it closed; before delivery: 409), never on another customer's order, garment or claim (404);
 * the claim shows the shop's evidence; staff's finding makes the offer at once below the
 * threshold, and the owner signs off above it; the customer sees the numbers in plain words
 * and accepts as credit with the bonus (credit note PDF, e-mail) or by refund to the card
 * (TEST MODE, credit note), once; disputes reach the owner, who raises the offer (audited); a
 * re-clean opens a free order; a table change leaves a made offer alone; the register.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
let clock = start;
const password = 'a-long-staff-password';
type Claim = {
  id: number;
  status: string;
  answer_due_display: string;
  items: { id: number; kind: string; reclean_order_no: string | null; photos: unknown[] }[];
  offer: null | {
    total: string;
    credit_with_bonus: string;
    table_version: number;
    lines: { in_words: string[]; percent: number; cost_basis: string }[];
    consumer_rights: string;
  };
  payment: null | { method: string; paid: string };
  evidence: {
    garments: { tag_number: string; recorded_by: string | null; damage_note: string }[];
    moves: { to: string }[];
  };
};
type Reply = { status: boolean; message: string; code?: string; claim: Claim };

let server: TestServer;
let owner: Record<string, string>;
let staff: Record<string, string>;
let ada: Record<string, string>;
let bob: Record<string, string>;
let orderId = '';
const garmentIds: Record<string, number> = {};

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  server.api<Reply>(path, { body, headers });
const get = (path: string, headers: Record<string, string>) => server.api<Reply>(path, { headers });
const damaged = (tag: string, extra: Record<string, unknown> = {}) => ({
  order_garment_id: garmentIds[tag],
  kind: 'damaged',
  damage_kind: 'colour-lost',
  category: 'shirts',
  age_months: 6,
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  const db = server.database.db;
  await createStaffUser(db, { email: 'olive@shop.test', name: 'Olive', role: 'owner', password });
  await createStaffUser(db, { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
  await signUp(server, { email: 'ada-claims@example.com' });
  await signUp(server, { email: 'bob-claims@example.com' });
  await signInAll();
  const [adaRow] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, 'ada-claims@example.com'));
  const adaId = adaRow!.id;

  const order = await insertOrderRow(db, new Date('2026-11-30T09:00:00Z'), {
    customerId: adaId,
    customerEmail: 'ada-claims@example.com',
    status: 'pending payment',
  });
  orderId = order.id;
  await saveTestCard(server, orderId, 'pm_card_visa');
  await db.update(orders).set({ status: 'collected' }).where(eq(orders.id, orderId));
  const [sam] = await db.select().from(staffUsers).where(eq(staffUsers.name, 'Sam'));
  const actor = { id: sam!.id, name: 'Sam', role: 'staff' as const };
  const rows = await recordGarmentRows(server.services, actor, orderId, [
    { tag: 'C-1', item: 'Shirt on hanger', colour: 'Blue' },
    { tag: 'C-2', item: 'Overcoat (wool)', colour: 'Navy', damage: 'Worn cuffs' },
    { tag: 'C-3', item: 'Shirt on hanger', colour: 'White' },
    { tag: 'C-4', item: 'Shirt on hanger', colour: 'Pink' },
  ]);
  for (const r of rows) garmentIds[r.tagNumber] = r.id;
  await sendIntakeReport(server.services, { actor, orderId });
  const charged = await server.api<{ status: boolean }>(`/api/admin/orders/${orderId}/charge`, {
    body: {},
    headers: staff,
  });
  expect(charged.body.status).toBe(true);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** Sessions end after a while: everyone signs in again after the clock moves. */
async function signInAll() {
  const staffLogin = async (email: string) => {
    const reply = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    return { Authorization: `Bearer ${reply.body.token}` };
  };
  owner = await staffLogin('olive@shop.test');
  staff = await staffLogin('sam@shop.test');
  ada = { Authorization: `Bearer ${await logIn(server, 'ada-claims@example.com')}` };
  bob = { Authorization: `Bearer ${await logIn(server, 'bob-claims@example.com')}` };
}

async function deliver(at: Date) {
  const db = server.database.db;
  await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));
  await db.insert(orderEvents).values({
    orderId,
    fromStatus: 'out for delivery',
    toStatus: 'delivered',
    actor: 'driver',
    at,
  });
}

describe('making a claim', () => {
  test('damage before delivery is refused; another customer’s order or garment is a 404', async () => {
    const early = await post(`/api/orders/${orderId}/claims`, { items: [damaged('C-1')] }, ada);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('claim-window-not-open');
    const theirs = await post(`/api/orders/${orderId}/claims`, { items: [damaged('C-1')] }, bob);
    expect(theirs.status).toBe(404);
    const other = await insertOrderRow(server.database.db, start, { status: 'collected' });
    const wrong = await post(`/api/orders/${other.id}/claims`, { items: [damaged('C-1')] }, ada);
    expect(wrong.status).toBe(404);
    const bad = await post(
      `/api/orders/${orderId}/claims`,
      { items: [damaged('C-1', { damage_kind: undefined })] },
      ada,
    );
    expect(bad.status).toBe(422);
    // An age left empty (or null, or missing) is refused with the field's message, not 0.
    for (const age_months of ['', '  ', null, undefined]) {
      const noAge = await post(
        `/api/orders/${orderId}/claims`,
        { items: [damaged('C-1', { age_months })] },
        ada,
      );
      expect(noAge.status).toBe(422);
      expect(noAge.body.code).toBe('validation-failed');
      expect(
        (noAge.body as unknown as { errors: Record<string, string[]> }).errors[
          'items.0.age_months'
        ],
      ).toEqual(['Give its age in months.']);
    }
  });

  test('missing after the window: refused with the time it closed', async () => {
    clock = new Date(start.getTime() + 49 * HOUR);
    await signInAll();
    const late = await post(
      `/api/orders/${orderId}/claims`,
      {
        items: [
          {
            order_garment_id: garmentIds['C-4'],
            kind: 'missing',
            category: 'shirts',
            age_months: 3,
          },
        ],
      },
      ada,
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('claim-window-closed');
    expect(late.body.message).toContain('until Thu 3 Dec 2026, 09:00');
  });
});

describe('a damaged shirt, with a photo, accepted as credit', () => {
  let claimId = 0;
  test('claimed after delivery; the evidence is gathered; a photo is added', async () => {
    await deliver(new Date(start.getTime() + 50 * HOUR));
    clock = new Date(start.getTime() + 52 * HOUR);
    await signInAll();
    const made = await post(
      `/api/orders/${orderId}/claims`,
      { items: [damaged('C-1')], note: 'Faded' },
      ada,
    );
    expect(made.status).toBe(201);
    claimId = made.body.claim.id;
    expect(made.body.claim.status).toBe('open');
    expect(made.body.claim.answer_due_display).toBe('Sat 5 Dec 2026, 13:00');
    expect(made.body.claim.evidence.garments[0]).toMatchObject({
      tag_number: 'C-1',
      recorded_by: 'Sam',
    });
    expect(made.body.claim.evidence.moves.map((m) => m.to)).toContain('delivered');

    const bytes = await garmentPhotoBytes();
    const item = made.body.claim.items[0]!.id;
    const upload = await fetch(`${server.url}/api/claims/${claimId}/items/${item}/photos`, {
      method: 'POST',
      headers: { ...ada, 'Content-Type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(upload.status).toBe(201);
    const bobs = await fetch(`${server.url}/api/claims/${claimId}/items/${item}/photos`, {
      method: 'POST',
      headers: { ...bob, 'Content-Type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(bobs.status).toBe(404);
    expect((await get(`/api/claims/${claimId}`, bob)).status).toBe(404);
    const seen = await get(`/api/admin/claims/${claimId}`, staff);
    expect(seen.body.claim.items[0]!.photos).toHaveLength(1);
  });

  test('staff find it ours: the offer is made at once, in plain words', async () => {
    const found = await post(
      `/api/admin/claims/${claimId}/finding`,
      {
        findings: [
          {
            claim_item_id: (await get(`/api/claims/${claimId}`, ada)).body.claim.items[0]!.id,
            fault: 'ours',
          },
        ],
      },
      staff,
    );
    expect(found.status).toBe(200);
    expect(found.body.claim.status).toBe('offered');
    // Shirts: 24 months; 6 months is the band up to 25 % → average 60 % of the £40 ceiling.
    const offer = found.body.claim.offer!;
    expect(offer).toMatchObject({ total: '27.50', credit_with_bonus: '30.25', table_version: 0 });
    expect(offer.lines[0]!.in_words.at(-1)).toBe(
      '60% of £40.00 is £24.00; we add the £3.50 you paid to clean it: £27.50 in all.',
    );
    expect(offer.consumer_rights).toContain('Consumer Rights Act 2015');
    const [mail] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-offer'))
      .orderBy(desc(outbox.id));
    expect(mail!.textBody).toContain('£27.50 in all');
  });

  test('a table change does not alter the offer made', async () => {
    const table = await server.api<{
      table: Record<string, unknown> & { categories: Record<string, { life_months: number }> };
    }>('/api/admin/claims-table', { headers: owner });
    const changed = structuredClone(table.body.table);
    changed.categories.shirts!.life_months = 6;
    expect(
      (
        await server.api('/api/admin/claims-table', {
          method: 'PUT',
          body: changed,
          headers: staff,
        })
      ).status,
    ).toBe(403);
    const saved = await server.api<{ version: number }>('/api/admin/claims-table', {
      method: 'PUT',
      body: changed,
      headers: owner,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(1);
    const after = await get(`/api/claims/${claimId}`, ada);
    expect(after.body.claim.offer).toMatchObject({ total: '27.50', table_version: 0 });
    // Back to the default for the rest.
    await server.api('/api/admin/claims-table', {
      method: 'PUT',
      body: table.body.table,
      headers: owner,
    });
  });

  test('accepted as credit with the bonus: the ledger, a credit note PDF, an e-mail; once', async () => {
    const paid = await post(`/api/claims/${claimId}/accept`, { method: 'credit' }, ada);
    expect(paid.status).toBe(200);
    expect(paid.body.claim).toMatchObject({
      status: 'paid',
      payment: { method: 'credit', paid: '30.25' },
    });
    const credits = await server.database.db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.orderId, orderId));
    expect(credits.map((c) => c.amountPence)).toEqual([3025]);
    const [mail] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-paid'))
      .orderBy(desc(outbox.id));
    expect(mail!.textBody).toContain('£30.25 is now on your account as credit');
    const pdf = await pdfText(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64'));
    expect(pdf).toMatch(/Credit note number: CN-\d{6}/);
    // Decision 063: VAT is credited on the cleaning charge only; the compensation is no supply.
    expect(pdf).toContain(`Claim ${claimId}: cleaning charge given back 1 £3.50 £2.92 £0.58 £3.50`);
    expect(pdf).toMatch(/compensation for the garment 1 £24\.00 £24\.00 £0\.00 £24\.00/);
    expect(pdf).toContain('VAT at 20% £0.58');
    const again = await post(`/api/claims/${claimId}/accept`, { method: 'credit' }, ada);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('claim-paid');
    expect(
      await server.database.db
        .select()
        .from(customerCredits)
        .where(eq(customerCredits.orderId, orderId)),
    ).toHaveLength(1);
  });
});

describe('above the threshold: the owner signs off; a dispute; a raise', () => {
  let claimId = 0;
  test('the offer waits for the owner; staff cannot sign it off', async () => {
    const made = await post(
      `/api/orders/${orderId}/claims`,
      {
        items: [
          damaged('C-2', {
            category: 'coats',
            age_months: 12,
            replacement_cost: '300.00',
            damage_kind: 'hole-or-tear',
          }),
        ],
      },
      ada,
    );
    expect(made.status).toBe(201);
    claimId = made.body.claim.id;
    const item = made.body.claim.items[0]!.id;
    const found = await post(
      `/api/admin/claims/${claimId}/finding`,
      {
        findings: [
          {
            claim_item_id: item,
            fault: 'ours',
            condition: 'poor',
            condition_reason: 'Worn cuffs noted at intake',
          },
        ],
      },
      staff,
    );
    expect(found.body.claim.status).toBe('sign-off');
    // Coats: 60 months, 12 is in the band up to 25 %; poor 45 % of £75 (no receipt: the
    // customer's £300 above the £200 ceiling gives the ceiling) … £200 × 45 % = £90 + £22.50.
    expect(found.body.claim.offer).toMatchObject({ total: '112.50' });
    expect(found.body.claim.offer!.lines[0]!.cost_basis).toBe('ceiling');
    expect((await post(`/api/claims/${claimId}/accept`, { method: 'credit' }, ada)).body.code).toBe(
      'claim-not-offered',
    );
    expect((await post(`/api/admin/claims/${claimId}/sign-off`, {}, staff)).status).toBe(403);
    const waiting = await server.api<{ claims: { id: number; status: string }[] }>(
      '/api/admin/claims',
      { headers: staff },
    );
    expect(waiting.body.claims.find((c) => c.id === claimId)?.status).toBe('sign-off');
    const signed = await post(`/api/admin/claims/${claimId}/sign-off`, {}, owner);
    expect(signed.status).toBe(200);
    expect(signed.body.claim.status).toBe('offered');
  });

  test('a refund larger than was paid is refused; the customer disputes; the owner raises it (audited)', async () => {
    const refund = await post(`/api/claims/${claimId}/accept`, { method: 'refund' }, ada);
    expect(refund.status).toBe(409);
    expect(refund.body.code).toBe('claim-refund-too-large');
    const disputed = await post(
      `/api/claims/${claimId}/dispute`,
      { reason: 'It was a new coat' },
      ada,
    );
    expect(disputed.body.claim.status).toBe('disputed');
    const [toOwner] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-disputed'));
    expect(toOwner!.textBody).toContain('It was a new coat');
    const raised = await post(
      `/api/admin/claims/${claimId}/dispute-answer`,
      { answer: 'raise', amount: '150.00', reason: 'Receipt seen in the shop' },
      owner,
    );
    expect(raised.status).toBe(200);
    expect(raised.body.claim).toMatchObject({ status: 'offered', offer: { total: '150.00' } });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'claim.offer-raised'), eq(auditLog.entityId, String(claimId))),
      );
    expect(audit).toBeDefined();
  });
});

describe('a small claim refunded to the card, and a re-clean', () => {
  test('TEST MODE refund through the provider, with a credit note', async () => {
    const made = await post(
      `/api/orders/${orderId}/claims`,
      { items: [damaged('C-3', { age_months: 60, replacement_cost: '20.00' })] },
      ada,
    );
    const item = made.body.claim.items[0]!.id;
    await post(
      `/api/admin/claims/${made.body.claim.id}/finding`,
      { findings: [{ claim_item_id: item, fault: 'ours' }] },
      staff,
    );
    const paid = await post(`/api/claims/${made.body.claim.id}/accept`, { method: 'refund' }, ada);
    expect(paid.status).toBe(200);
    // Older than its life: average 10 % of £20 = £2 + £3.50.
    expect(paid.body.claim.payment).toMatchObject({ method: 'refund', paid: '5.50' });
    const [refund] = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    expect(refund).toMatchObject({ provider: 'test', status: 'succeeded', amountPence: 550 });
    const [note] = await server.database.db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.paymentId, refund!.id));
    expect(note).toMatchObject({ kind: 'credit-note', totalPence: 550 });
    const [row] = await server.database.db
      .select()
      .from(claimPayments)
      .where(eq(claimPayments.claimId, made.body.claim.id));
    expect(row).toMatchObject({ status: 'paid', creditNoteId: note!.id });
  });

  test('a re-clean is free and opens an order on the board', async () => {
    const made = await post(
      `/api/orders/${orderId}/claims`,
      {
        items: [
          {
            order_garment_id: garmentIds['C-4'],
            kind: 're-clean',
            category: 'shirts',
            age_months: 3,
          },
        ],
      },
      ada,
    );
    expect(made.status).toBe(201);
    expect(made.body.claim.status).toBe('closed');
    const number = made.body.claim.items[0]!.reclean_order_no!;
    expect(made.body.message).toContain(`Your free re-clean is order ${number}`);
    const [reclean] = await server.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, Number(number.replace(/\D/g, ''))));
    expect(reclean).toMatchObject({ status: 'pending', totalPence: 0 });
    expect(reclean!.pickupStartsAt.getTime()).toBeGreaterThan(clock.getTime());
  });

  test('the register: by category, fault and branch, money paid, cleaning waived, re-cleans; CSV', async () => {
    const report = await server.api<{
      report: { rows: Record<string, string | number>[]; totals: Record<string, string | number> };
    }>('/api/admin/reports/claims?from=2026-11-01&to=2026-12-31', { headers: owner });
    expect(report.status).toBe(200);
    expect(report.body.report.totals).toMatchObject({
      garments: 4,
      paid: '35.75',
      cleaning_waived: '7.00',
      recleans: 1,
    });
    expect(report.body.report.rows).toContainEqual(
      expect.objectContaining({ category: 'shirts', fault: 'ours', garments: 2, paid: '35.75' }),
    );
    expect((await server.api('/api/admin/reports/claims', { headers: staff })).status).toBe(403);
  });
});
