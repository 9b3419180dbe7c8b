import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  branches,
  branchStaff,
  claimItems,
  claimOffers,
  claimPayments,
  claims,
  customers,
  rateLimits,
  orderEvents,
  orders,
  payments,
} from '../server/db/schema';
import { intakeReportToken } from '../server/auth/intake-report-access';
import { windowStart } from '../server/auth/rate-limit';
import { staffClaimList } from '../server/use-cases/claims/claim-pages';
import { staffClaimListView } from '../server/use-cases/claims/present-claim-pages';
import { insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { garmentPhotoBytes, recordGarmentRows } from '@tests/helpers/intake-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The claims pages (issue 34, decision 063 "Pages") as a browser without JavaScript uses
 * them: the order page's "Report a problem", the claim form posted as multipart (refused
 * with each garment's field named and nothing made; made with its photo and receipt, a 303
 * to the claim's page), the claim's page (another customer's is a 404), accept as credit by
 * plain POST once the offer is made, and after the windows the pages say when they closed.
 * The back office's list is scoped by branch. The flow in Chromium: tests/e2e/claims.spec.ts.
 */

const HOUR = 3_600_000;
const start = new Date('2026-12-01T09:00:00Z');
let clock = new Date(start.getTime() + 3 * HOUR);
const password = 'a-long-staff-password';

let server: TestServer;
let ada: Record<string, string>;
let bob: Record<string, string>;
let staff: Record<string, string>;
let orderId = '';
const garments: Record<string, number> = {};

const page = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { Origin: server.url, ...headers, ...(init.headers as Record<string, string>) },
  });
const post = (path: string, form: FormData, headers: Record<string, string>) =>
  page(path, headers, { method: 'POST', body: form });

async function signInAll() {
  ada = { Authorization: `Bearer ${await logIn(server, 'ada-claim-pages@example.com')}` };
  bob = { Authorization: `Bearer ${await logIn(server, 'bob-claim-pages@example.com')}` };
  const reply = await server.api<{ token: string }>('/api/admin/login', {
    body: { email: 'sam-pages@shop.test', password },
  });
  staff = { Authorization: `Bearer ${reply.body.token}` };
}

/** The claim form's fields for one garment, as the browser posts them. */
function claimForm(tag: string, fields: Record<string, string>, files: Record<string, Blob> = {}) {
  const form = new FormData();
  const id = garments[tag]!;
  for (const [name, value] of Object.entries(fields)) form.append(`g.${id}.${name}`, value);
  for (const [name, blob] of Object.entries(files)) form.append(`g.${id}.${name}`, blob, 'x');
  return form;
}

/** A damaged shirt's fields on the claim form, with `fields` added or put in their place. */
const damagedShirt = (fields: Record<string, string>) => ({
  include: 'on',
  kind: 'damaged',
  category: 'shirts',
  ...fields,
});

/** Ada posts her order's claim form for one garment. */
const postClaim = (tag: string, fields: Record<string, string>, files: Record<string, Blob> = {}) =>
  post(`/account/orders/${orderId}/claim`, claimForm(tag, fields, files), ada);

/** A JPEG of a garment, as a file input gives it. */
const jpegBlob = async (colour?: string) =>
  new Blob([new Uint8Array(await garmentPhotoBytes(colour))], { type: 'image/jpeg' });

beforeAll(async () => {
  server = await startTestServer({ pages: 'build', now: () => clock });
  const db = server.database.db;
  const sam = await createStaffUser(db, {
    email: 'sam-pages@shop.test',
    name: 'Sam',
    role: 'staff',
    password,
  });
  await signUp(server, { email: 'ada-claim-pages@example.com' });
  await signUp(server, { email: 'bob-claim-pages@example.com' });
  const [adaRow] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, 'ada-claim-pages@example.com'));
  const [maidaVale] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
  const order = await insertOrderRow(db, new Date(start.getTime() - 24 * HOUR), {
    customerId: adaRow!.id,
    customerEmail: 'ada-claim-pages@example.com',
    status: 'collected',
    branchId: maidaVale!.id,
  });
  orderId = order.id;
  const rows = await recordGarmentRows(
    server.services,
    { id: sam.id, name: 'Sam', role: 'staff' },
    orderId,
    [
      { tag: 'P-1', item: 'Shirt on hanger', colour: 'Blue' },
      { tag: 'P-2', item: 'Shirt on hanger', colour: 'White' },
      { tag: 'P-3', item: 'Shirt on hanger', colour: 'Pink' },
      { tag: 'P-4', item: 'Shirt on hanger', colour: 'Green' },
      { tag: 'P-5', item: 'Shirt on hanger', colour: 'Grey' },
      { tag: 'P-6', item: 'Shirt on hanger', colour: 'Red' },
      { tag: 'P-7', item: 'Shirt on hanger', colour: 'Black' },
      { tag: 'P-8', item: 'Shirt on hanger', colour: 'Navy' },
      { tag: 'P-9', item: 'Shirt on hanger', colour: 'Olive' },
    ],
  );
  for (const r of rows) garments[r.tagNumber] = r.id;
  await db
    .update(orders)
    .set({ status: 'delivered', intakeReportedAt: start })
    .where(eq(orders.id, orderId));
  await db.insert(orderEvents).values({
    orderId,
    fromStatus: 'out for delivery',
    toStatus: 'delivered',
    actor: 'driver',
    at: new Date(start.getTime() + 2 * HOUR),
  });
  await signInAll();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the claim form without JavaScript', () => {
  test('the order page offers "Report a problem" with when each kind closes', async () => {
    const html = await (await page(`/account/orders/${orderId}`, ada)).text();
    expect(html).toContain(`href="/account/orders/${orderId}/claim"`);
    expect(html).toContain('Damaged: until Thu 3 Dec 2026, 11:00');
    // Missing: 48 hours after the intake report (09:00) or after delivery, whichever is later.
    expect(html).toContain('Missing: until Thu 3 Dec 2026, 11:00');
    const form = await (await page(`/account/orders/${orderId}/claim`, ada)).text();
    // HTML attribute names are case-insensitive: React writes encType.
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(form).toContain('Tag P-1 · Shirt on hanger');
    expect((await page(`/account/orders/${orderId}/claim`, bob)).status).toBe(404);
    // The intake report page offers it too, to the order's customer signed in.
    const report = await (await page(`/order/intake/${orderId}`, ada)).text();
    expect(report).toContain(`href="/account/orders/${orderId}/claim"`);
  });

  test('refusals name the garment’s field and make nothing', async () => {
    expect((await post('/account/orders/not-an-order/claim', new FormData(), ada)).status).toBe(
      404,
    );
    const none = await post(`/account/orders/${orderId}/claim`, new FormData(), ada);
    expect(none.status).toBe(422);
    expect(await none.text()).toContain('Choose at least one garment.');

    const noDamage = await postClaim('P-1', damagedShirt({ age_months: '6' }));
    expect(noDamage.status).toBe(422);
    const html = await noDamage.text();
    expect(html).toContain(`href="#claim-g${garments['P-1']}-damage_kind"`);
    expect(html).toContain('Choose the kind of damage.');

    const notAPhoto = await postClaim(
      'P-1',
      damagedShirt({ damage_kind: 'stain-left', age_months: '6' }),
      { photos: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
    );
    expect(notAPhoto.status).toBe(422);
    expect(await notAPhoto.text()).toContain('Choose a JPEG, PNG or WebP photo.');
    expect(await server.database.db.select().from(claims)).toHaveLength(0);
  });

  let claimPath = '';
  test('a claim with its photo and receipt: 303 to the claim’s page, which shows them', async () => {
    const jpeg = await jpegBlob('#fde68a');
    const made = await postClaim(
      'P-1',
      damagedShirt({
        damage_kind: 'stain-left',
        age_months: '6',
        replacement_cost: '45.00',
        note: 'Wine stain still there',
      }),
      { photos: jpeg, receipt: jpeg },
    );
    expect(made.status).toBe(303);
    const location = made.headers.get('location')!;
    expect(location).toMatch(/^\/account\/claims\/\d+\?made=1$/);
    claimPath = location.split('?')[0]!;
    const [item] = await server.database.db.select().from(claimItems);
    expect(item).toMatchObject({
      kind: 'damaged',
      damageKind: 'stain-left',
      statedCostPence: 4500,
    });
    expect(item!.receiptPhotoId).not.toBeNull();

    const html = await (await page(location, ada)).text();
    expect(html).toContain('Thank you: your claim on order');
    expect(html).toContain('We are looking into it');
    expect(html).toContain('We promise an answer by <strong>Thu 3 Dec 2026, 12:00</strong>');
    expect(html).toContain('Photos of Tag P-1 · Shirt on hanger, photo 1');
    expect(html).toContain('Receipt for Tag P-1 · Shirt on hanger');
    expect((await page(claimPath, bob)).status).toBe(404);
  });

  test('accept by plain POST: refused before the offer, then paid as credit', async () => {
    const accept = new FormData();
    accept.append('intent', 'accept');
    accept.append('method', 'credit');
    const early = await post(claimPath, accept, ada);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('There is no offer on this claim to accept yet.');

    const claimId = Number(claimPath.split('/').at(-1));
    const [item] = await server.database.db.select().from(claimItems);
    const found = await server.api(`/api/admin/claims/${claimId}/finding`, {
      body: { findings: [{ claim_item_id: item!.id, fault: 'ours' }] },
      headers: staff,
    });
    expect(found.status).toBe(200);
    const offered = await (await page(claimPath, ada)).text();
    // With a receipt the stated £45 stands: 60 % is £27, plus the £3.50 cleaning charge.
    expect(offered).toContain('60% of £45.00 is £27.00; we add the £3.50 you paid to clean it');
    expect(offered).toContain('Consumer Rights Act 2015');

    const paid = await post(claimPath, accept, ada);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${claimPath}?done=credit`);
    const after = await (await page(`${claimPath}?done=credit`, ada)).text();
    expect(after).toContain('Thank you: the credit is on your account.');
    expect(after).toContain('Paid: £33.55 as account credit.');
  });
});

describe('a dispute and a photo by plain POST; staff of another branch', () => {
  let claimPath = '';
  test('a photo while we look into it; a dispute needs its reason, then reaches the owner', async () => {
    const made = await postClaim(
      'P-2',
      damagedShirt({ damage_kind: 'pressing', age_months: '30' }),
    );
    expect(made.status).toBe(303);
    claimPath = made.headers.get('location')!.split('?')[0]!;
    const photo = new FormData();
    photo.append('intent', 'photo');
    photo.append('item', 'x');
    photo.append('photo', await jpegBlob(), 'p.jpg');
    expect((await post(claimPath, photo, ada)).status).toBe(422);
    const claimId = Number(claimPath.split('/').at(-1));
    const [item] = await server.database.db
      .select()
      .from(claimItems)
      .where(eq(claimItems.claimId, claimId));
    photo.set('item', String(item!.id));
    const added = await post(claimPath, photo, ada);
    expect(added.headers.get('location')).toBe(`${claimPath}?done=photo`);
    expect(await (await page(claimPath, ada)).text()).toContain(
      'Photos of Tag P-2 · Shirt on hanger, photo 1',
    );

    await server.api(`/api/admin/claims/${claimId}/finding`, {
      body: { findings: [{ claim_item_id: item!.id, fault: 'ours' }] },
      headers: staff,
    });
    const dispute = new FormData();
    dispute.append('intent', 'dispute');
    dispute.append('reason', '');
    const empty = await post(claimPath, dispute, ada);
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Please tell us why the offer is not fair.');
    dispute.set('reason', 'It was nearly new');
    const sent = await post(claimPath, dispute, ada);
    expect(sent.headers.get('location')).toBe(`${claimPath}?done=dispute`);
    const html = await (await page(`${claimPath}?done=dispute`, ada)).text();
    expect(html).toContain('Thank you: our owner has your claim and your reason.');
    expect(html).toContain('“It was nearly new”');
    expect(html).toContain('Disputed: with our owner');
  });

  test('staff of another branch neither list nor open the claim', async () => {
    const db = server.database.db;
    const [westHampstead] = await db
      .select()
      .from(branches)
      .where(eq(branches.slug, 'west-hampstead'));
    const wes = await createStaffUser(db, {
      email: 'wes-pages@shop.test',
      name: 'Wes',
      role: 'staff',
      password,
    });
    await db.insert(branchStaff).values({ branchId: westHampstead!.id, staffId: wes.id });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'wes-pages@shop.test', password },
    });
    const cookie = { Cookie: `cl_staff=${login.body.token}` };
    expect((await page(claimPath.replace('/account/', '/admin/'), cookie)).status).toBe(404);
    const samCookie = { Cookie: `cl_staff=${staff.Authorization!.slice(7)}` };
    expect((await page(claimPath.replace('/account/', '/admin/'), samCookie)).status).toBe(200);
  });
});

describe('a re-clean, and a claim found not ours', () => {
  test('a re-clean opens its free order, named on the claim’s page', async () => {
    const made = await postClaim('P-3', {
      include: 'on',
      kind: 're-clean',
      category: 'shirts',
      age_months: '3',
    });
    expect(made.status).toBe(303);
    const location = made.headers.get('location')!;
    expect(location).toMatch(/reclean=LD-\d+/);
    const html = await (await page(location, ada)).text();
    expect(html).toMatch(/Your free re-clean is order LD-\d+\./);
    expect(html).toContain('Re-clean on its way');
  });

  test('not ours: the page says why, and offers the dispute', async () => {
    const made = await postClaim(
      'P-4',
      damagedShirt({ damage_kind: 'hole-or-tear', age_months: '40' }),
    );
    const claimPath = made.headers.get('location')!.split('?')[0]!;
    const claimId = Number(claimPath.split('/').at(-1));
    const [item] = await server.database.db
      .select()
      .from(claimItems)
      .where(eq(claimItems.claimId, claimId));
    const found = await server.api(`/api/admin/claims/${claimId}/finding`, {
      body: {
        findings: [{ claim_item_id: item!.id, fault: 'not-ours-wear' }],
        reason: 'the fabric had worn through at the elbow before cleaning',
      },
      headers: staff,
    });
    expect(found.status).toBe(200);
    const html = await (await page(claimPath, ada)).text();
    expect(html).toContain('Declined');
    expect(html).toContain(
      'We looked at your claim and our records: the fabric had worn through at the elbow before cleaning',
    );
    expect(html).toContain('Disagree with our answer?');
    expect(html).toContain('Not ours: wear and tear');
  });
});

describe('after the windows, and the back office’s list', () => {
  test('the pages say when claims closed, with no form', async () => {
    clock = new Date(start.getTime() + 100 * HOUR);
    await signInAll();
    const html = await (await page(`/account/orders/${orderId}/claim`, ada)).text();
    expect(html).toContain('could be reported online until Thu 3 Dec 2026, 11:00');
    expect(html).not.toContain('multipart/form-data');
    const order = await (await page(`/account/orders/${orderId}`, ada)).text();
    expect(order).toContain('could be reported online until Thu 3 Dec 2026, 11:00');
    expect(order).not.toContain('Report a problem</a>');
  });

  test('the list of waiting claims keeps to the caller’s branches', async () => {
    const db = server.database.db;
    const [paid] = await db.select().from(claims);
    // A second claim, waiting for the finding, on the Maida Vale order.
    const [waiting] = await db
      .insert(claims)
      .values({
        orderId,
        customerId: paid!.customerId,
        branchId: paid!.branchId,
        status: 'open',
        madeAt: new Date(clock.getTime() - 30 * HOUR),
        answerDueAt: new Date(clock.getTime() + 18 * HOUR),
      })
      .returning();
    const all = await db.select().from(branches);
    const other = all.find((b) => b.id !== paid!.branchId)!;
    const deps = server.services;
    const listed = async (branchIds: number[] | null) =>
      staffClaimListView(deps.config.brand, await staffClaimList(deps, { branchIds }), clock);
    const mine = await listed([paid!.branchId!]);
    // Oldest first: the dispute (its answer time long past), then the one made 30 hours ago.
    expect(mine.map((c) => c.status)).toEqual(['disputed', 'open']);
    expect(mine[0]).toMatchObject({ overdue: true });
    expect(mine[1]).toMatchObject({ age_hours: 30, overdue: false });
    expect(mine[0]!.branch).toBe(all.find((b) => b.id === paid!.branchId)!.name);
    expect(await listed([other.id])).toHaveLength(0);
    expect(await listed(null)).toHaveLength(2);

    const list = await (
      await page('/admin/claims', { Cookie: `cl_staff=${staff.Authorization!.slice(7)}` })
    ).text();
    expect(list).toContain(`Claim ${waiting!.id} · LD-`);
    expect(list).toContain('30 h');
    expect(list).toContain('· overdue');
  });
});

describe('review round 2: branch, sign-off, paying, a final answer', () => {
  const staffCookie = async (email: string) => {
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    return { Cookie: `cl_staff=${login.body.token}`, token: login.body.token };
  };
  const claimOn = async (tag: string, fields: Record<string, string>, files = {}) => {
    const made = await postClaim(tag, damagedShirt(fields), files);
    expect(made.status).toBe(303);
    const path = made.headers.get('location')!.split('?')[0]!;
    const id = Number(path.split('/').at(-1));
    const [item] = await server.database.db
      .select()
      .from(claimItems)
      .where(eq(claimItems.claimId, id));
    return { path, id, itemId: item!.id };
  };

  beforeAll(async () => {
    clock = new Date(start.getTime() + 3 * HOUR);
    await signInAll();
    const db = server.database.db;
    const [maidaVale] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    const mia = await createStaffUser(db, {
      email: 'mia-pages@shop.test',
      name: 'Mia',
      role: 'staff',
      password,
    });
    await db.insert(branchStaff).values({ branchId: maidaVale!.id, staffId: mia.id });
    await createStaffUser(db, {
      email: 'olga-pages@shop.test',
      name: 'Olga',
      role: 'owner',
      password,
    });
  });

  test('the staff page checks the order’s current branch, as the API does', async () => {
    const db = server.database.db;
    const [claim] = await db.select().from(claims).where(eq(claims.orderId, orderId));
    const [westHampstead] = await db
      .select()
      .from(branches)
      .where(eq(branches.slug, 'west-hampstead'));
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    // The order moves to West Hampstead; the claim's copy of the branch stays Maida Vale's.
    try {
      const wes = await staffCookie('wes-pages@shop.test');
      const mia = await staffCookie('mia-pages@shop.test');
      expect((await page(`/admin/claims/${claim!.id}`, mia)).status).toBe(200);
      await db.update(orders).set({ branchId: westHampstead!.id }).where(eq(orders.id, orderId));
      expect((await page(`/admin/claims/${claim!.id}`, wes)).status).toBe(200);
      expect((await page(`/admin/claims/${claim!.id}`, mia)).status).toBe(404);
      // As the API answers them.
      const api = (token: string) =>
        server.api(`/api/admin/claims/${claim!.id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
      expect((await api(wes.token)).status).toBe(200);
      expect((await api(mia.token)).status).toBe(404);
    } finally {
      await db.update(orders).set({ branchId: order!.branchId }).where(eq(orders.id, orderId));
    }
  });

  test('an offer waiting for the owner is not shown to the customer, page or API', async () => {
    const jpeg = await jpegBlob('#fecaca');
    const { path, id, itemId } = await claimOn(
      'P-5',
      { damage_kind: 'hole-or-tear', age_months: '1', replacement_cost: '500.00' },
      { receipt: jpeg },
    );
    const found = await server.api<{ claim: { status: string } }>(
      `/api/admin/claims/${id}/finding`,
      { body: { findings: [{ claim_item_id: itemId, fault: 'ours' }] }, headers: staff },
    );
    expect(found.body.claim.status).toBe('sign-off');
    const html = await (await page(path, ada)).text();
    expect(html).toContain('Our owner is checking the offer');
    expect(html).not.toContain('data-testid="offer-total"');
    expect(html).not.toContain('Accept the offer');
    const mine = await server.api<{ claim: { offer: unknown } }>(`/api/claims/${id}`, {
      headers: ada,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.claim.offer).toBeNull();
    // Staff still see it, waiting for the owner.
    const theirs = await server.api<{ claim: { offer: { total: string } | null } }>(
      `/api/admin/claims/${id}`,
      { headers: staff },
    );
    expect(theirs.body.claim.offer?.total).toMatch(/^\d+\.\d\d$/);
    const staffHtml = await (
      await page(`/admin/claims/${id}`, { Cookie: `cl_staff=${staff.Authorization!.slice(7)}` })
    ).text();
    expect(staffHtml).toContain('data-testid="offer-total"');
    expect(staffHtml).toContain('waits for the owner’s sign-off');
    // The owner may also make another offer or decline it, each with a reason; staff may not.
    const olga = await staffCookie('olga-pages@shop.test');
    const ownerHtml = await (await page(`/admin/claims/${id}`, { Cookie: olga.Cookie })).text();
    expect(ownerHtml).toContain('Or change the offer, or decline the claim');
    expect(staffHtml).not.toContain('Or change the offer');
    // Signed off by the owner: now the customer's offer.
    const signed = await server.api(`/api/admin/claims/${id}/sign-off`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${olga.token}` },
    });
    expect(signed.status).toBe(200);
    const offered = await (await page(path, ada)).text();
    expect(offered).toContain('data-testid="offer-total"');
    expect(offered).toContain('Accept the offer');
  });

  test('while a refund is being made the page says so, with no forms', async () => {
    const { path, id, itemId } = await claimOn('P-6', {
      damage_kind: 'pressing',
      age_months: '30',
    });
    await server.api(`/api/admin/claims/${id}/finding`, {
      body: { findings: [{ claim_item_id: itemId, fault: 'ours' }] },
      headers: staff,
    });
    const db = server.database.db;
    const [offer] = await db.select().from(claimOffers).where(eq(claimOffers.claimId, id));
    // As a refund whose provider has not answered leaves it (the repair job finishes it).
    await db.insert(claimPayments).values({
      claimId: id,
      offerId: offer!.id,
      method: 'refund',
      offerPence: offer!.totalPence,
      paidPence: offer!.totalPence,
      refundPlan: [],
      status: 'paying',
      createdAt: clock,
    });
    const html = await (await page(path, ada)).text();
    expect(html).toContain('Your refund is being made');
    expect(html).not.toContain('Paid: £');
    expect(html).not.toContain('Accept the offer');
    expect(html).not.toContain('Not fair?');
    // Past the repair job's time, the shop checks it with the provider: said, still no forms.
    await db
      .update(claimPayments)
      .set({ status: 'needs-attention' })
      .where(eq(claimPayments.claimId, id));
    const checked = await (await page(path, ada)).text();
    expect(checked).toContain('is being checked by the shop with the card or PayPal provider');
    // The owner is asked what the provider's dashboard shows, part by part; staff wait for it.
    const [charge] = await db
      .insert(payments)
      .values({
        orderId,
        provider: 'stripe',
        kind: 'charge',
        providerRef: `pi_pages_${id}`,
        status: 'succeeded',
        amountPence: 1250,
        createdAt: clock,
      })
      .returning();
    await db
      .update(claimPayments)
      .set({ refundPlan: [{ chargeId: charge!.id, amountPence: 1250 }] })
      .where(eq(claimPayments.claimId, id));
    const olga = await staffCookie('olga-pages@shop.test');
    const ownerHtml = await (await page(`/admin/claims/${id}`, { Cookie: olga.Cookie })).text();
    expect(ownerHtml).toContain('The refund was not answered for 20 hours');
    expect(ownerHtml).toContain('Reference of the £12.50 refund');
    const staffHtml = await (
      await page(`/admin/claims/${id}`, { Cookie: `cl_staff=${staff.Authorization!.slice(7)}` })
    ).text();
    expect(staffHtml).toContain('Waiting for the owner to check it.');
    expect(checked).not.toContain('Paid: £');
    expect(checked).not.toContain('Accept the offer');
    // The accept reply's parts, as the page's action passes them back.
    expect(await (await page(`${path}?done=refund-pending`, ada)).text()).toContain(
      'Thank you: your refund is being made.',
    );
    expect(
      await (await page(`${path}?done=refund-part&refunded=1000&credit=250`, ada)).text(),
    ).toContain(
      'Thank you: £10.00 is on its way back to your card or PayPal. It refused the other £2.50, so that is on your account as credit.',
    );
  });

  test('a declined claim disputed once: no dispute form after the owner’s final answer', async () => {
    const db = server.database.db;
    const [declined] = await db.select().from(claims).where(eq(claims.status, 'declined'));
    const path = `/account/claims/${declined!.id}`;
    expect(await (await page(path, ada)).text()).toContain('Disagree with our answer?');
    const dispute = new FormData();
    dispute.append('intent', 'dispute');
    dispute.append('reason', 'It was not worn');
    expect((await post(path, dispute, ada)).status).toBe(303);
    const olga = await staffCookie('olga-pages@shop.test');
    const answered = await server.api(`/api/admin/claims/${declined!.id}/dispute-answer`, {
      body: { answer: 'decline', reason: 'the intake photos show the wear' },
      headers: { Authorization: `Bearer ${olga.token}` },
    });
    expect(answered.status).toBe(200);
    const html = await (await page(path, ada)).text();
    expect(html).toContain('the intake photos show the wear');
    expect(html).not.toContain('Disagree with our answer?');
  });

  test('photos refused after the claim is made are said with their reason, the receipt too', async () => {
    const jpeg = await jpegBlob('#bfdbfe');
    const broken = new Blob(['not a jpeg at all'], { type: 'image/jpeg' });
    const withReceipt = await postClaim(
      'P-7',
      damagedShirt({ damage_kind: 'colour-lost', age_months: '5' }),
      { photos: jpeg, receipt: broken },
    );
    expect(withReceipt.status).toBe(303);
    const first = withReceipt.headers.get('location')!;
    expect(first).toContain('receipt=not-an-image');
    const html = await (await page(first, ada)).text();
    expect(html).toContain(
      'Your receipt could not be read as an image: please add it again below.',
    );
    expect(html).not.toContain('One photo');

    // The hourly limit reached: the photo is refused for that, not as unreadable.
    const db = server.database.db;
    const [adaRow] = await db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada-claim-pages@example.com'));
    const key = `claim-photo:customer:${adaRow!.id}`;
    await db
      .insert(rateLimits)
      .values({ key, windowStart: windowStart(clock, 3600), hits: 30 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: 30 } });
    const limited = await postClaim(
      'P-8',
      damagedShirt({ damage_kind: 'shrunk', age_months: '5' }),
      { photos: jpeg, receipt: jpeg },
    );
    expect(limited.status).toBe(303);
    const second = await (await page(limited.headers.get('location')!, ada)).text();
    expect(second).toContain(
      'One photo was not added: we take 30 photos an hour. Please add it below in a while.',
    );
    expect(second).toContain('Your receipt was not added: we take 30 photos an hour.');
    expect(second).not.toContain('could not be read');
  });

  test('a page body above its limit is a 413 page before it is read; one of no length a 411', async () => {
    /** A POST stating `length` but sending only its first bytes: the answer comes first. */
    const declare = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            Origin: server.url,
            'Content-Type': 'multipart/form-data; boundary=x',
            ...headers,
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write('--x\r\n');
      });
    const MB = 1024 * 1024;
    const auth = { Authorization: ada.Authorization! };
    const tooLarge = await declare(`/account/orders/${orderId}/claim`, {
      ...auth,
      'Content-Length': String(62 * MB),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('This form can send at most 61 MB at once');
    const claimPage = await declare('/account/claims/1', {
      ...auth,
      'Content-Length': String(12 * MB),
    });
    expect(claimPage.status).toBe(413);
    expect(claimPage.body).toContain('at most 11 MB');
    const other = await declare('/account/profile', { ...auth, 'Content-Length': String(7 * MB) });
    expect(other.status).toBe(413);
    const chunked = await declare(`/account/orders/${orderId}/claim`, {
      ...auth,
      'Transfer-Encoding': 'chunked',
    });
    expect(chunked.status).toBe(411);
  });

  test('the claim form takes at most 5 photos and a receipt', async () => {
    const jpeg = await jpegBlob('#ddd6fe');
    const form = claimForm('P-8', damagedShirt({ damage_kind: 'shrunk', age_months: '5' }), {
      receipt: jpeg,
    });
    for (let i = 0; i < 6; i += 1) form.append(`g.${garments['P-8']}.photos`, jpeg, `p${i}.jpg`);
    const refused = await post(`/account/orders/${orderId}/claim`, form, ada);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Send at most 5 photos and a receipt with the claim');
  });

  test('a guest claims from the intake report’s signed link, with no session', async () => {
    const t = intakeReportToken(server.services, { id: orderId, intakeReportedAt: start });
    const q = `t=${encodeURIComponent(t)}`;
    const report = await (await page(`/order/intake/${orderId}?${q}`, {})).text();
    expect(report).toContain(`href="/order/intake/${orderId}/claim?${q}"`);
    expect(report).toContain('Report a problem');
    // Its claims, linked under the same link.
    expect(report).toMatch(new RegExp(`href="/order/intake/${orderId}/claims/\\d+\\?t=`));

    expect((await page(`/order/intake/${orderId}/claim`, {})).status).toBe(401);
    expect((await page(`/order/intake/${orderId}/claim?t=forged`, {})).status).toBe(401);
    const form = await page(`/order/intake/${orderId}/claim?${q}`, {});
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('Tag P-9 · Shirt on hanger');
    // Without a valid link the POST makes nothing.
    const fields = damagedShirt({ damage_kind: 'stain-left', age_months: '8' });
    expect(
      (await post(`/order/intake/${orderId}/claim`, claimForm('P-9', fields), {})).status,
    ).toBe(401);

    const made = await post(`/order/intake/${orderId}/claim?${q}`, claimForm('P-9', fields), {});
    expect(made.status).toBe(303);
    const location = made.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/order/intake/${orderId}/claims/\\d+\\?t=[^&]+&made=1$`));
    const claimPage = await (await page(location, {})).text();
    expect(claimPage).toContain('Thank you: your claim on order');
    expect(claimPage).toContain('We are looking into it');
    expect(claimPage).toContain(`href="/order/intake/${orderId}?${q}"`);
    const claimId = Number(/claims\/(\d+)/.exec(location)![1]);
    const [claim] = await server.database.db.select().from(claims).where(eq(claims.id, claimId));
    const [adaRow] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada-claim-pages@example.com'));
    expect(claim!.customerId).toBe(adaRow!.id);

    // A photo by plain POST on the guest's page keeps the link.
    const [item] = await server.database.db
      .select()
      .from(claimItems)
      .where(eq(claimItems.claimId, claimId));
    await server.database.db.delete(rateLimits);
    const photo = new FormData();
    photo.append('intent', 'photo');
    photo.append('item', String(item!.id));
    photo.append('photo', await jpegBlob(), 'p.jpg');
    const added = await post(`/order/intake/${orderId}/claims/${claimId}?${q}`, photo, {});
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(
      `/order/intake/${orderId}/claims/${claimId}?${q}&done=photo`,
    );
    // The link opens its own order's claims only, and nothing without it.
    expect((await page(`/order/intake/${orderId}/claims/${claimId}`, {})).status).toBe(401);
    const otherOrder = '3f1c2a7e-0000-4000-8000-000000000001';
    expect((await page(`/order/intake/${otherOrder}/claims/${claimId}?${q}`, {})).status).toBe(404);
  });

  test('the tracking page offers "Report a problem" to the order’s customer signed in only', async () => {
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, orderId));
    const track = `/track/${order!.trackingToken}`;
    const entry = `href="/account/orders/${orderId}/claim"`;
    const reply = await page(track, ada);
    expect(reply.status).toBe(200);
    const mine = await reply.text();
    expect(mine).toContain('A problem with a garment?');
    expect(mine).toContain(entry);
    // The link may be forwarded: it gives no claims, nor the order's id, by itself.
    const forwarded = await (await page(track, {})).text();
    expect(forwarded).not.toContain(entry);
    expect(forwarded).not.toContain(orderId);
    expect(await (await page(track, bob)).text()).not.toContain(entry);
  });
});
