import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { insertOrderRow, staffLogIn } from '@tests/helpers/fixtures';
import { pdfText } from '@tests/helpers/pdf-text';

/** The pages of a PDF (its page tree's count). */
const pdfPages = async (pdf: Buffer) =>
  Number(/\/Type \/Pages[^>]*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import {
  customers,
  orderGarments,
  orderItems,
  orders,
  outbox,
  priceApprovals,
  services,
} from '../../db/schema';
import { garmentLabelSheet } from '../../use-cases/intake/label-sheet';
import { MAX_GARMENTS_PER_ORDER } from '../../use-cases/intake/record-garment';
import { storePhoto } from '../../use-cases/photos/store-photo';
import { phonePhotoWithGps } from '@tests/helpers/photos';

/*
 * Intake at the shop over HTTP (issue 16, decision 027): staff record garments on a collected
 * order; the order's invoice lines are made from them; tags are unique within an order; a
 * returning garment of the same customer is linked (never another customer's); a tag opens
 * its garment; the label sheet carries every tag.
 */

const now = new Date('2026-11-24T10:00:00Z');
const password = 'staff-password-123';

type Saved = {
  message: string;
  total: string;
  minimum_applied: boolean;
  awaiting_approval: boolean;
  linked?: boolean;
  garment: {
    id: number;
    garment_id: string;
    tag_number: string;
    item_name: string;
    price: string;
    earlier_visits: number;
  };
  errors?: Record<string, string[]>;
};
type Intake = {
  suggested_tag: string;
  open: boolean;
  garments: { id: number; tag_number: string; item_name: string; damage_note: string }[];
  earlier: {
    garment_id: string;
    thumbnail: string | null;
    tag_number: string;
    item_name: string;
    visits: { order_no: string; tag_number: string; damage_note: string }[];
  }[];
};

describe('intake API', () => {
  let server: TestServer;
  let staff: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password,
    });
    staff = await staffLogIn(server, 'sam@shop.test', password);
    for (const row of await server.database.db.select().from(services)) {
      ids[row.serviceName] = row.id;
    }
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const auth = () => ({ Authorization: `Bearer ${staff}` });
  const customer = async (name: string) => {
    const [row] = await server.database.db
      .insert(customers)
      .values({ name, email: `${name.toLowerCase()}@example.com`, phone: '07700900123' })
      .returning();
    return row!.id;
  };
  const order = (values: Partial<typeof orders.$inferInsert> = {}) =>
    insertOrderRow(server.database.db, new Date('2026-11-23T09:00:00Z'), {
      status: 'collected',
      ...values,
    });
  const record = (orderId: string, body: Record<string, unknown>) =>
    server.api<Saved>(`/api/admin/orders/${orderId}/garments`, {
      method: 'POST',
      headers: auth(),
      body,
    });
  const intake = (orderId: string) =>
    server.api<Intake>(`/api/admin/orders/${orderId}/garments`, { headers: auth() });
  const lines = (orderId: string) =>
    server.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));

  it('records, edits and removes garments; the invoice lines follow them', async () => {
    const o = await order();
    const first = await intake(o.id);
    expect(first.status).toBe(200);
    expect(first.body.open).toBe(true);
    expect(first.body.suggested_tag).toBe(`${o.orderNo}-01`);

    const shirt1 = await record(o.id, {
      service_id: ids['Shirt on hanger'],
      colour: 'White',
      brand: 'T.M. Lewin',
      damage_note: 'Ink mark on the left cuff',
      pocket_note: 'A £5 note, returned in a bag',
    });
    expect(shirt1.status).toBe(201);
    expect(shirt1.body.garment).toMatchObject({
      tag_number: `${o.orderNo}-01`,
      item_name: 'Shirt on hanger',
      price: '3.50',
    });
    expect(shirt1.body.minimum_applied).toBe(true);
    const shirt2 = await record(o.id, { service_id: ids['Shirt on hanger'], tag_number: 'a-77' });
    expect(shirt2.body.garment.tag_number).toBe('A-77');
    const suit = await record(o.id, { service_id: ids['Two-piece suit'], colour: 'Navy' });
    expect(suit.status).toBe(201);
    expect(suit.body.garment.tag_number).toBe(`${o.orderNo}-02`);
    expect(suit.body.total).toBe('25.50');
    expect(suit.body.minimum_applied).toBe(false);

    // Two shirts and a suit: two lines, the shirts as one line of two.
    expect(
      (await lines(o.id)).map((l) => [l.kind, l.itemName, l.quantity, l.unitPricePence]),
    ).toEqual([
      ['service', 'Shirt on hanger', 2, 350],
      ['service', 'Two-piece suit', 1, 1850],
    ]);
    const [totals] = await server.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(totals!.totalPence).toBe(2550);

    // The order page shows the lines made from the garments.
    const page = await server.api<{
      order: {
        items: { item_name: string; quantity: number; line_total: string }[];
        total: string;
      };
    }>(`/api/admin/orders/${o.id}`, { headers: auth() });
    expect(page.body.order.items.map((i) => [i.item_name, i.quantity, i.line_total])).toEqual([
      ['Shirt on hanger', 2, '7.00'],
      ['Two-piece suit', 1, '18.50'],
    ]);

    // Edited: the second shirt is a polo shirt after all.
    const edited = await server.api<Saved>(
      `/api/admin/orders/${o.id}/garments/${shirt2.body.garment.id}`,
      {
        method: 'PUT',
        headers: auth(),
        body: { tag_number: 'A-77', service_id: ids['Polo shirt'], colour: 'Green' },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.garment).toMatchObject({ item_name: 'Polo shirt', price: '4.50' });
    expect((await lines(o.id)).map((l) => [l.itemName, l.quantity])).toEqual([
      ['Shirt on hanger', 1],
      ['Polo shirt', 1],
      ['Two-piece suit', 1],
    ]);

    // Removing the suit: below £25, the minimum line tops it up.
    const removed = await server.api<Saved>(
      `/api/admin/orders/${o.id}/garments/${suit.body.garment.id}`,
      { method: 'DELETE', headers: auth() },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.total).toBe('25.00');
    expect(removed.body.minimum_applied).toBe(true);
    expect((await lines(o.id)).map((l) => [l.kind, l.itemName, l.unitPricePence])).toEqual([
      ['service', 'Shirt on hanger', 350],
      ['service', 'Polo shirt', 450],
      ['minimum', 'Minimum order charge (£25 minimum)', 1700],
    ]);
    const listed = await intake(o.id);
    expect(listed.body.garments.map((g) => g.tag_number)).toEqual([`${o.orderNo}-01`, 'A-77']);
    expect(listed.body.garments[0]!.damage_note).toBe('Ink mark on the left cuff');
  });

  it('refuses a tag already on the order (409) and leaves nothing half-written', async () => {
    const o = await order();
    expect((await record(o.id, { service_id: ids['Polo shirt'], tag_number: 'T-1' })).status).toBe(
      201,
    );
    const again = await record(o.id, { service_id: ids['Two-piece suit'], tag_number: 't-1' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Tag T-1 is already on order');
    expect((await intake(o.id)).body.garments).toHaveLength(1);
    expect((await lines(o.id)).map((l) => l.itemName)).toContain('Polo shirt');
    expect((await lines(o.id)).map((l) => l.itemName)).not.toContain('Two-piece suit');
    // The same tag on another order is fine: tags are unique within an order.
    const other = await order();
    expect(
      (await record(other.id, { service_id: ids['Polo shirt'], tag_number: 'T-1' })).status,
    ).toBe(201);
  });

  it('takes intake only while the order is collected or cleaning (409)', async () => {
    for (const status of ['pending', 'ready', 'delivered'] as const) {
      const o = await order({ status });
      const refused = await record(o.id, { service_id: ids['Polo shirt'] });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/garments are recorded once it is collected/);
    }
    const cleaning = await order({ status: 'cleaning' });
    expect((await record(cleaning.id, { service_id: ids['Polo shirt'] })).status).toBe(201);
  });

  it('answers bad input with 422 and a message per field', async () => {
    const o = await order();
    const bad = await record(o.id, {
      service_id: 'shirt',
      tag_number: 'no spaces!',
      colour: 'x'.repeat(61),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.service_id).toEqual(['Choose the item from the price list.']);
    expect(bad.body.errors?.tag_number?.[0]).toContain('Use letters, digits and hyphens');
    expect(bad.body.errors?.colour).toEqual(['Colour: at most 60 characters.']);
    const unknown = await record(o.id, { service_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.service_id).toEqual(['This item is not on the price list.']);
    const onRequest = await record(o.id, { service_id: ids.Kilt });
    expect(onRequest.status).toBe(422);
    expect(onRequest.body.errors?.unit_price?.[0]).toContain('Kilt is priced on request');
    const agreed = await record(o.id, { service_id: ids.Kilt, unit_price: '32.00' });
    expect(agreed.status).toBe(201);
    expect(agreed.body.garment.price).toBe('32.00');
    expect(agreed.body.total).toBe('32.00');
    const missing = await server.api(`/api/admin/orders/${o.id}/garments/999999`, {
      method: 'DELETE',
      headers: auth(),
    });
    expect(missing.status).toBe(404);
    const anonymous = await server.api(`/api/admin/orders/${o.id}/garments`);
    expect(anonymous.status).toBe(401);
  });

  it('puts a total above the customer’s cap to them once, with the intake report', async () => {
    const email = `capped-${Date.now()}@example.com`;
    const o = await order({ priceCapPence: 3000, customerEmail: email });
    const approvalsOf = () =>
      server.database.db.select().from(priceApprovals).where(eq(priceApprovals.orderId, o.id));
    const mailTo = async () =>
      (await server.database.db.select().from(outbox)).filter((m) => m.toAddress === email);
    const suit = await record(o.id, { service_id: ids['Two-piece suit'] });
    expect(suit.body.awaiting_approval).toBe(false);
    const more = await record(o.id, { service_id: ids['Three-piece suit'] });
    expect(more.status).toBe(201);
    expect(more.body.total).toBe('42.00');
    // Checking in goes on: nothing is asked of the customer yet (walkthrough 3).
    expect(more.body.awaiting_approval).toBe(false);
    expect(more.body.message).toContain(
      "£42.00 is above the customer's limit of £30.00: when you send the intake report, we will ask them to approve it.",
    );
    expect(await approvalsOf()).toEqual([]);
    const third = await record(o.id, { service_id: ids['Shirt on hanger'] });
    expect(third.body.total).toBe('45.50');
    expect((await mailTo()).map((m) => m.subject)).toEqual([]);

    const sent = await server.api<{ message: string }>(`/api/admin/orders/${o.id}/intake-report`, {
      method: 'POST',
      headers: auth(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain("£45.50 is above the customer's limit of £30.00");
    expect((await approvalsOf()).map((a) => [a.amountPence, a.answer])).toEqual([[4550, null]]);
    const mails = await mailTo();
    const asks = mails.filter((m) => m.subject.startsWith('Please approve'));
    expect(asks).toHaveLength(1);
    expect(asks[0]!.textBody).toContain('We have checked in and priced your items.');

    // A garment changed after the report is a new total to approve, asked at once.
    const late = await record(o.id, { service_id: ids['Shirt on hanger'] });
    expect(late.body.awaiting_approval).toBe(true);
    expect((await approvalsOf()).map((a) => [a.amountPence, a.answer ?? 'open'])).toEqual([
      [4550, 'superseded'],
      [4900, 'open'],
    ]);
  });

  it('links a returning garment of the same customer, never another customer’s', async () => {
    const ada = await customer('Ada');
    const bob = await customer('Bob');
    const march = await order({ customerId: ada });
    const coat = await record(march.id, {
      service_id: ids['Suit jacket / blazer'],
      tag_number: 'COAT-9',
      colour: 'Camel',
      damage_note: 'Missing button',
    });
    expect(coat.body.linked).toBe(false);
    await storePhoto(server.services, {
      orderId: march.id,
      kind: 'garment',
      bytes: await phonePhotoWithGps(800, 600),
      staffId: null,
      orderGarmentId: coat.body.garment.id,
    });
    const withPhoto = await server.api<{ garments: { photos: { kind: string; url: string }[] }[] }>(
      `/api/admin/orders/${march.id}/garments`,
      { headers: auth() },
    );
    expect(withPhoto.body.garments[0]!.photos).toEqual([
      {
        id: expect.any(String),
        kind: 'garment',
        url: expect.stringMatching(/^\/photos\/[0-9a-f-]+\?expires=\d+&sig=/),
      },
    ]);
    const served = await fetch(new URL(withPhoto.body.garments[0]!.photos[0]!.url, server.url));
    expect(served.status).toBe(200);

    // Chosen from the customer's earlier garments.
    const june = await order({ customerId: ada });
    const offered = await intake(june.id);
    expect(offered.body.earlier.map((e) => [e.garment_id, e.tag_number])).toEqual([
      [coat.body.garment.garment_id, 'COAT-9'],
    ]);
    expect(offered.body.earlier[0]!.thumbnail).toMatch(/^\/photos\//);
    const again = await record(june.id, {
      service_id: ids['Suit jacket / blazer'],
      garment_id: coat.body.garment.garment_id,
      damage_note: 'Missing button, now a stain on the lapel',
    });
    expect(again.status).toBe(201);
    expect(again.body.linked).toBe(true);
    expect(again.body.garment.garment_id).toBe(coat.body.garment.garment_id);
    expect(again.body.garment.earlier_visits).toBe(1);

    // Its history shows both orders.
    const august = await order({ customerId: ada });
    const history = (await intake(august.id)).body.earlier.find(
      (e) => e.garment_id === coat.body.garment.garment_id,
    );
    expect(history?.visits.map((v) => v.damage_note)).toEqual([
      'Missing button, now a stain on the lapel',
      'Missing button',
    ]);
    expect(history?.visits.map((v) => v.order_no)).toHaveLength(2);

    // A tag an earlier order of the same customer used links automatically.
    const auto = await record(august.id, {
      service_id: ids['Suit jacket / blazer'],
      tag_number: 'coat-9',
    });
    expect(auto.body.linked).toBe(true);
    expect(auto.body.garment.garment_id).toBe(coat.body.garment.garment_id);

    // Another customer's garment is refused, and their reused tag links nothing.
    const bobs = await order({ customerId: bob });
    const refused = await record(bobs.id, {
      service_id: ids['Suit jacket / blazer'],
      garment_id: coat.body.garment.garment_id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.garment_id?.[0]).toContain('belongs to another customer');
    expect((await intake(bobs.id)).body.earlier).toEqual([]);
    const sameTag = await record(bobs.id, {
      service_id: ids['Suit jacket / blazer'],
      tag_number: 'COAT-9',
    });
    expect(sameTag.body.linked).toBe(false);
    expect(sameTag.body.garment.garment_id).not.toBe(coat.body.garment.garment_id);
  });

  it('opens the garment a tag is on: the newest use of the tag', async () => {
    const older = await order();
    await record(older.id, { service_id: ids['Polo shirt'], tag_number: 'SCAN-1' });
    const newer = await order();
    const g = await record(newer.id, { service_id: ids['Polo shirt'], tag_number: 'SCAN-1' });
    const found = await server.api<{ order_id: string; order_garment_id: number; path: string }>(
      '/api/admin/tags/scan-1',
      { headers: auth() },
    );
    expect(found.status).toBe(200);
    expect(found.body.order_id).toBe(newer.id);
    expect(found.body.order_garment_id).toBe(g.body.garment.id);
    expect(found.body.path).toBe(`/admin/orders/${newer.id}#garment-${g.body.garment.id}`);
    const unknown = await server.api<{ message: string }>('/api/admin/tags/NOPE-0', {
      headers: auth(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No garment has the tag NOPE-0.');
  });

  it('holds at most 200 garments on an order: the 201st is a 422 and nothing is written', async () => {
    const o = await order();
    const first = await record(o.id, { service_id: ids['Polo shirt'] });
    expect(first.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(orderGarments)
      .where(eq(orderGarments.orderId, o.id));
    const { id: _id, ...copy } = row!;
    await server.database.db.insert(orderGarments).values(
      Array.from({ length: MAX_GARMENTS_PER_ORDER - 1 }, (_, i) => ({
        ...copy,
        tagNumber: `BULK-${i}`,
      })),
    );
    const refused = await record(o.id, { service_id: ids['Polo shirt'] });
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as { message: string }).message).toBe(
      'An order holds at most 200 garments: start a second order for the rest.',
    );
    const held = await server.database.db
      .select()
      .from(orderGarments)
      .where(eq(orderGarments.orderId, o.id));
    expect(held).toHaveLength(MAX_GARMENTS_PER_ORDER);
    // One sheet per order at a time: asked for twice at once, drawn once.
    const [a, b] = await Promise.all([
      garmentLabelSheet(server.services, { orderId: o.id }),
      garmentLabelSheet(server.services, { orderId: o.id }),
    ]);
    expect(b).toBe(a);
    expect(await pdfPages(a.pdf)).toBe(MAX_GARMENTS_PER_ORDER);
  });

  it('prints a label sheet with every tag, order number and item', async () => {
    const o = await order();
    await record(o.id, { service_id: ids['Polo shirt'] });
    await record(o.id, { service_id: ids['Two-piece suit'], tag_number: 'LBL-2' });
    const sheet = await garmentLabelSheet(server.services, { orderId: o.id });
    expect(sheet.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(sheet.pdf);
    expect(text).toContain(`${o.orderNo}-01`);
    expect(text).toContain('LBL-2');
    expect(text).toContain('Two-piece suit');
    expect(text).toContain(`-${o.orderNo}`);
  });
});
