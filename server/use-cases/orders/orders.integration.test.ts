import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import {
  auditLog,
  customerAddresses,
  orderEvents,
  orders,
  outbox,
  services as priceList,
} from '../../db/schema';
import { saveCustomerAddress } from '../accounts/save-address';
import { listOrders } from './list-orders';
import { moveOrder } from './move-order';
import { orderBoard } from './order-board';
import { adminOrderDetail } from './order-detail';
import { boardView } from './present-board';
import { adminOrderView, itemsSavedView } from './present-order-for-staff';
import { customerView } from './present-order-parts';
import { sendInvoice } from './send-invoice';
import { setOrderItems } from './set-order-items';

const now = new Date('2026-03-10T09:00:00Z');
const pickup = new Date('2026-03-11T09:00:00Z');

/*
 * The order verbs straight against a database, no HTTP: what they write and what they return
 * (rows and pence; the presenter formats).
 */
/** The demo brand's numbering (config/brand.json). */
const numbering = { orderPrefix: 'LD' };

describe('order use-cases', () => {
  let world: UseCaseWorld;

  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  });
  afterAll(async () => {
    await world?.close();
  });

  const insertOrder = (status: 'pending' | 'collected' = 'pending') =>
    world.insertOrder(pickup, status);

  it('moves an order along the pipeline with its event, audit entry and e-mail', async () => {
    const order = await insertOrder();
    const { services, actor } = world;
    const moved = await moveOrder(services, { actor, orderId: order.id, to: 'collected' });
    expect(moved).toEqual({ order_no: `LD-${order.orderNo}`, status: 'collected', emailed: true });
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('collected');
    const events = await world.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['pending', 'collected', 'staff:Sam'],
    ]);
    const audit = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(['order.move']);
    const mail = await world.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-collected'));
    expect(mail.map((m) => m.toAddress)).toContain('ada@example.com');
    await expect(
      moveOrder(services, { actor, orderId: order.id, to: 'delivered' }),
    ).rejects.toThrow(/cannot go from collected to delivered/);
  });

  it('prices the items in pence, applying the minimum, and invoices the total', async () => {
    const order = await insertOrder('collected');
    const service = (await world.database.db.select().from(priceList)).find(
      (s) => s.pricePence > 0,
    )!;
    const saved = await setOrderItems(world.services, {
      actor: world.actor,
      orderId: order.id,
      lines: [{ service_id: service.id, quantity: 1 }],
      discountPence: 0,
    });
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    // The £25 minimum: a cheap line is topped up to 25.00.
    expect(row!.totalPence).toBe(Math.max(2500, service.pricePence));
    expect(saved.totalPence).toBe(row!.totalPence);
    expect(saved.minimumApplied).toBe(service.pricePence < 2500);
    expect(itemsSavedView(numbering, saved).total).toBe((row!.totalPence / 100).toFixed(2));
    // The audit log keeps pence, never a formatted amount.
    const [entry] = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.items'));
    expect(entry!.after).toMatchObject({ totalPence: row!.totalPence, discountPence: 0 });
    expect(JSON.stringify(entry!.after)).not.toMatch(/\d\.\d\d/);

    const invoiced = await sendInvoice(world.services, { actor: world.actor, orderId: order.id });
    expect(invoiced.message).toBe(`Invoice for LD-${order.orderNo} e-mailed to ada@example.com.`);
    const [after] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.paymentState).toBe('invoiced');
    expect(after!.invoicedAt).toEqual(now);

    // The detail verb returns rows and pence; only the presenter formats.
    const detail = await adminOrderDetail(world.services, { id: order.id });
    expect(detail.order.amountDuePence).toBe(row!.totalPence);
    const view = adminOrderView(numbering, detail);
    expect(view.amount_due).toBe((row!.totalPence / 100).toFixed(2));
    expect(view.items.map((i) => i.item_name)).toContain(service.serviceName);
  });

  it('refuses to itemise an order that is not in the shop', async () => {
    const order = await insertOrder('pending');
    await expect(
      setOrderItems(world.services, {
        actor: world.actor,
        orderId: order.id,
        lines: [],
        discountPence: 0,
      }),
    ).rejects.toThrow(/items are listed once it is collected/);
  });

  it("lists and boards orders as rows, presented for the day's run", async () => {
    const order = await insertOrder();
    // Another shop's brand: its own prefix finds the order, ours does not.
    const other = { orderPrefix: 'KC' };
    const { config } = world.services;
    const kc = { ...world.services, config: { ...config, brand: { ...config.brand, ...other } } };
    const rows = await listOrders(kc, { search: `kc-${order.orderNo}` });
    expect(rows.map((r) => r.id)).toEqual([order.id]);
    expect(await listOrders(kc, { search: `LD-${order.orderNo}` })).toEqual([]);
    const board = await orderBoard(world.services, { day: '2026-03-11' });
    expect(board.collections.map((o) => o.id)).toContain(order.id);
    expect(board.counts.pending).toBeGreaterThanOrEqual(1);
    const view = boardView(other, board);
    const stop = view.collections.find((o) => o.id === order.id)!;
    expect(stop.order_no).toBe(`KC-${order.orderNo}`);
    expect(stop.window).toBe('09:00–10:00');
    expect(stop.amount_due).toBe('0.00');
  });

  it('keeps an address in the book once, whoever saves it', async () => {
    const address = {
      door_number: 'Flat 2',
      company: '',
      line1: '12 Elgin Avenue',
      line2: '',
      town: 'London',
      postcode: 'W9 2HD',
      address_type: 'Residential',
    } as const;
    const { database, customerId } = world;
    const first = await saveCustomerAddress(database.db, { customerId, address, now: new Date() });
    const again = await saveCustomerAddress(database.db, { customerId, address, now: new Date() });
    expect(again.id).toBe(first.id);
    const book = await database.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId));
    expect(book).toHaveLength(1);
    expect(book[0]!.fullAddress).toBe(first.fullAddress);
  });

  it("names the customer's phone phone_number", () => {
    expect(customerView({ name: 'Ada', email: 'a@b.c', phone: '07700900123' })).toEqual({
      name: 'Ada',
      email: 'a@b.c',
      phone_number: '07700900123',
    });
  });
});
