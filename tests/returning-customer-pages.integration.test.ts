import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, services } from '../server/db/schema';
import { logIn, MONDAY_6AM, orderPayload, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 18's pages as a browser without JavaScript uses them (decision 034): the address book
 * and the garment care form post and answer 303s; the home page is the same for everybody
 * (decision 042), its form sent without an address gets the saved addresses at the checkout,
 * which fills the address from the chosen entry (only one's own); "Book again" fills the form
 * from one's own earlier order only.
 */

let clock = MONDAY_6AM.getTime();
const tick = () => new Date((clock += 60_000));
const booking = { pickup: '2026-11-24 09:00', delivery: '2026-11-26 09:00' };

describe('returning customers’ pages without JavaScript', () => {
  let ada = '';
  let bob = '';
  const site = usePageServer({ now: tick }, async (server) => {
    await signUp(server, { name: 'Ada Lovelace', email: 'ada.pages@example.com' });
    await signUp(server, {
      name: 'Bob Smith',
      email: 'bob.pages@example.com',
      phone: '07700 900789',
    });
    ada = `cl_session=${await logIn(server, 'ada.pages@example.com')}`;
    bob = `cl_session=${await logIn(server, 'bob.pages@example.com')}`;
  });
  const html = async (path: string, cookie: string) =>
    (await site.html(path, { headers: { Cookie: cookie } }))
      .replaceAll('<!-- -->', '')
      .replaceAll('&#x27;', '’');
  const entry = {
    intent: 'add',
    label: 'Work',
    door_number: 'Flat 2',
    building: 'Elgin Court',
    line1: '7 Elgin Avenue',
    town: 'London',
    postcode: 'w9 2hd',
    access_notes: 'Gate code 1234',
  };
  let workId = '';

  it('adds an address in the account by a form post, and refuses a bad one with its message', async () => {
    const refused = await site.post('/account/addresses', { ...entry, postcode: 'nope' }, ada);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Please enter a valid UK postcode');
    const added = await site.post('/account/addresses', entry, ada);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/account/addresses?done=added');
    const page = await html('/account/addresses?done=added', ada);
    expect(page).toContain('The address is saved in your address book.');
    expect(page).toContain('Flat 2, Elgin Court');
    expect(page).toContain('Gate code 1234');
    workId = /data-address="([0-9a-f-]{36})"/.exec(page)![1]!;
    // Bob cannot remove it.
    const theirs = await site.post('/account/addresses', { intent: 'remove', id: workId }, bob);
    expect(theirs.status).toBe(404);
  });

  it('keeps the home page the same for everybody: the checkout offers the saved addresses without JavaScript', async () => {
    // Decision 042: the home page reads nothing personal; the browser asks for the address
    // book (below); a form sent without it and without an address gets it at the next step.
    expect(await html('/', ada)).not.toContain('Your saved addresses');
    expect(await html('/', ada)).toBe(await html('/', ''));
    const sent = new URLSearchParams({ line1: '', postcode: '', door: '', manual: '1' });
    sent.set('pickup', booking.pickup);
    const page = await html(`/customer?${sent}`, ada);
    expect(page).toContain('Your saved addresses');
    expect(page).toMatch(new RegExp(`name="saved" checked="" value="${workId}"`));
    expect(page).toContain('Use a different address');
    expect(page).not.toContain('Please enter your street');
    // Nobody signed in: the street is asked for, as before.
    const anonymous = await html(`/customer?${sent}`, '');
    expect(anonymous).not.toContain('Your saved addresses');
    expect(anonymous).toContain('Please enter your street');
    // The checkout opened bare still restores a booking kept in the browser (after a login).
    expect(await html('/customer', ada)).not.toContain('Your saved addresses');
  });

  it('answers the booking form’s choices to the signed-in customer only (GET /api/account/booking-choices)', async () => {
    const asked = (cookie: string, query = '') =>
      site.server.api<{ saved: { id: string; text: string }[]; again: unknown }>(
        `/api/account/booking-choices${query}`,
        { method: 'GET', headers: cookie ? { Cookie: cookie } : {} },
      );
    const mine = await asked(ada);
    expect(mine.status).toBe(200);
    expect(mine.body.saved[0]!.id).toBe(workId);
    expect(mine.body.saved[0]!.text).toContain('Flat 2, Elgin Court');
    expect(mine.body.again).toBeNull();
    expect((await asked(bob)).body.saved.map((o) => o.id)).not.toContain(workId);
    expect((await asked('')).status).toBe(401);
    expect((await asked(ada, '?again=not-an-id')).status).toBe(400);
  });

  it('fills the checkout’s address from the chosen entry, and only from one’s own', async () => {
    const query = new URLSearchParams({ saved: workId, door: '', ...booking }).toString();
    const page = await html(`/customer?${query}`, ada);
    expect(page).toContain('Flat 2, Elgin Court, 7 Elgin Avenue, London, W9 2HD');
    expect(page).toContain('Gate code 1234');
    const theirs = await html(`/customer?${query}`, bob);
    expect(theirs).not.toContain('Elgin Court');
  });

  it('books again from one’s own order only', async () => {
    const placed = await site.server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: orderPayload({
        customer_name: 'Ada Lovelace',
        customer_email: 'ada.pages@example.com',
        customer_phone: '07700 900456',
        customer_notes: 'Two suits, one shirt',
        address: { line1: '1 Fortune Green Road', postcode: 'NW6 1DT' },
        door_number: 'Flat 9',
        access_notes: 'Buzz 9',
      }),
      headers: { Authorization: `Bearer ${ada.slice('cl_session='.length)}` },
    });
    expect(placed.status).toBe(200);
    const id = placed.body.order.order_id;
    // The home page carries the order's id for the form without JavaScript, nothing of it.
    const home = await html(`/?again=${id}`, ada);
    expect(home).toContain(`name="again" value="${id}"`);
    expect(home).not.toContain('Fortune Green Road');
    // In the browser the form asks for it: the address, the flat, the notes.
    const choices = await site.server.api<{
      saved: { id: string; line1: string }[];
      again: { id: string; line1: string; door_number: string; notes: string } | null;
    }>(`/api/account/booking-choices?again=${id}`, { method: 'GET', headers: { Cookie: ada } });
    expect(choices.body.again).toMatchObject({
      id,
      line1: '1 Fortune Green Road',
      door_number: 'Flat 9',
      notes: 'Two suits, one shirt',
    });
    const bobs = await site.server.api<{ again: unknown }>(
      `/api/account/booking-choices?again=${id}`,
      { method: 'GET', headers: { Cookie: bob } },
    );
    expect(bobs.body.again).toBeNull();
    // Without JavaScript the form is sent with no address: the checkout books the order's.
    const sent = new URLSearchParams({ line1: '', postcode: '', door: '', manual: '1', again: id });
    sent.set('pickup', booking.pickup);
    const page = await html(`/customer?${sent}`, ada);
    // Placing it kept the address in the book: that entry is the one chosen, flat and all.
    const chosen = /<input[^>]*name="saved" checked="" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(chosen).toBeDefined();
    expect(chosen).not.toBe(workId);
    expect(page).toContain('Flat 9, 1 Fortune Green Road, London, NW6 1DT');
    expect(page).toContain('name="door" value="Flat 9"');
    expect(page).toContain('Buzz 9');
    expect(page).toContain('name="notes" value="Two suits, one shirt"');
    expect(page).toContain(`name="again" value="${id}"`);
    const theirs = await html(`/customer?${sent}`, bob);
    expect(theirs).not.toContain('Fortune Green Road');
    expect(theirs).not.toContain('Two suits');
    // The account's orders offer it.
    expect(await html('/account', ada)).toContain(`/?again=${id}#order`);
  });

  it('books again with the last items as estimate lines and a cap at or above the last bill (issue 31)', async () => {
    const placed = await site.server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: orderPayload({
        customer_name: 'Ada Lovelace',
        customer_email: 'ada.pages@example.com',
        customer_phone: '07700 900456',
        address: { line1: '3 Castellain Road', postcode: 'W9 1EY' },
        door_number: '3',
      }),
      headers: { Authorization: `Bearer ${ada.slice('cl_session='.length)}` },
    });
    expect(placed.status).toBe(200);
    const id = placed.body.order.order_id;
    // Cleaned and billed: two of one item, one of another, £55.50 above a £45 cap.
    const db = site.server.database.db;
    const [a, b] = await db.select().from(services).orderBy(services.id).limit(2);
    await db.insert(orderItems).values([
      { orderId: id, serviceId: a!.id, itemName: 'A', quantity: 2, unitPricePence: 1000 },
      { orderId: id, serviceId: b!.id, itemName: 'B', quantity: 1, unitPricePence: 3550 },
    ]);
    await db
      .update(orders)
      .set({ totalPence: 5550, subtotalPence: 5550, priceCapPence: 4500 })
      .where(eq(orders.id, id));

    const home = await html(`/?again=${id}`, ada);
    expect(home).toContain(`name="again" value="${id}"`);
    const query = new URLSearchParams({
      line1: '3 Castellain Road',
      postcode: 'W9 1EY',
      door: '3',
      manual: '1',
      again: id,
      ...booking,
    }).toString();
    const checkout = await html(`/customer?${query}`, ada);
    const lines = [...checkout.matchAll(/name="line_service" value="(\d+)"/g)].map((m) => m[1]);
    expect(lines).toEqual([String(a!.id), String(b!.id)]);
    expect(checkout).toMatch(/name="line_quantity"[^>]*value="2"/);
    expect(checkout).toMatch(/id="price-cap"[^>]*name="price_cap" value="60"/);
    // Not someone else's order.
    const theirs = await html(`/customer?${query}`, bob);
    expect(theirs).not.toContain('name="line_service"');
  });

  it('saves garment care by a form post', async () => {
    const saved = await site.post(
      '/account/preferences',
      { shirts: 'folded', starch: 'heavy', return_hangers: 'on', handover_notes: 'Ring twice' },
      ada,
    );
    expect(saved.status).toBe(303);
    const page = await html('/account/preferences?saved', ada);
    expect(page).toContain('Your garment care preferences are saved.');
    expect(page).toMatch(/name="shirts" checked="" value="folded"/);
    expect(page).toContain('Ring twice');
    const refused = await site.post(
      '/account/preferences',
      { shirts: 'rolled', handover_notes: '' },
      ada,
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Please choose hangers or folded');
  });
});
