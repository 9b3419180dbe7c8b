import { inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-zone';
import { londonIsoDate } from '@shared/london-time';
import {
  branches,
  counterTickets,
  customers,
  financialDocuments,
  orderItems,
  orders,
  services as priceList,
  tillDays,
  tillEntries,
} from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import { sendUncollectedReminders } from '../../server/use-cases/counter/uncollected-reminders';

/**
 * The uncollected screen and the reports page (issue 32, decision 054) start from tickets
 * left ready at St John's Wood 95, 62, 31 and 5 days ago (reminded as the job would), and
 * yesterday's closed till there with invoices at Notting Hill: branches no other spec's
 * counter, till or board looks at.
 */
export async function seedUncollected(services: AppServices) {
  const { db } = services;
  const now = services.now();
  // London noon that many calendar days ago: days × 24 h from late evening in winter fell on
  // the next London day in summer time (4 Sept 00:41 for 95 days before 7 Dec 23:41, so 94).
  const ago = (days: number) =>
    DateTime.fromJSDate(now, { zone: LONDON_ZONE })
      .startOf('day')
      .minus({ days })
      .set({ hour: 12 })
      .toJSDate();
  const rows = await db
    .select()
    .from(branches)
    .where(inArray(branches.slug, ['st-johns-wood', 'notting-hill']));
  const sjw = rows.find((b) => b.slug === 'st-johns-wood')!;
  const nh = rows.find((b) => b.slug === 'notting-hill')!;
  const items = await db.select().from(priceList);
  const suit = items.find((s) => s.pricePence >= 1000) ?? items[0]!;
  const shirt = items.find((s) => s.pricePence > 0 && s.pricePence < 1000) ?? items[0]!;
  const people = [
    { name: 'Gwen Waiting', days: 95, quantity: 2, item: suit },
    { name: 'Hal Longstay', days: 62, quantity: 3, item: shirt },
    { name: 'Iris Forgetful, Jr', days: 31, quantity: 1, item: suit },
    { name: 'Jon Recent', days: 5, quantity: 4, item: shirt },
  ];
  for (const [i, p] of people.entries()) {
    const phone = `+4477009008${String(60 + i)}`;
    const [customer] = await db
      .insert(customers)
      .values({ name: p.name, email: `uncollected-${i}@e2e.test`, phone, notifySms: true })
      .returning();
    const total = p.quantity * p.item.pricePence;
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer!.id,
        status: 'ready',
        customerName: p.name,
        customerEmail: customer!.email,
        customerPhone: phone,
        postcode: sjw.postcode,
        fullAddress: '',
        pickupStartsAt: ago(p.days + 2),
        pickupEndsAt: ago(p.days + 2),
        deliveryStartsAt: ago(p.days),
        deliveryEndsAt: ago(p.days),
        subtotalPence: total,
        totalPence: total,
        amountDuePence: total,
        branchId: sjw.id,
        channel: 'counter',
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      serviceId: p.item.id,
      itemName: p.item.serviceName,
      quantity: p.quantity,
      unitPricePence: p.item.pricePence,
    });
    await db.insert(counterTickets).values({
      orderId: order!.id,
      branchId: sjw.id,
      promisedReadyAt: ago(p.days),
      payment: 'at-collection',
      rack: `R${i + 1}`,
      readyAt: ago(p.days),
    });
  }
  await sendUncollectedReminders(services);

  // Yesterday's till at St John's Wood, closed, and two collection orders invoiced at
  // Notting Hill, for the reports.
  const yesterday = ago(1);
  const [day] = await db
    .insert(tillDays)
    .values({
      branchId: sjw.id,
      day: londonIsoDate(yesterday),
      openedByName: 'Seed',
      openedAt: yesterday,
      floatPence: 5000,
      closedByName: 'Seed',
      closedAt: yesterday,
      countedPence: 5000 + 4650,
      differencePence: 0,
    })
    .returning();
  await db.insert(tillEntries).values([
    { dayId: day!.id, kind: 'sale', method: 'cash', pence: 2850, staffName: 'Seed', at: yesterday },
    { dayId: day!.id, kind: 'sale', method: 'cash', pence: 1800, staffName: 'Seed', at: yesterday },
  ]);
  for (const [i, pence] of [4250, 6300].entries()) {
    const [order] = await db
      .insert(orders)
      .values({
        status: 'delivered',
        customerName: `Report Customer ${i + 1}`,
        customerEmail: `report-${i}@e2e.test`,
        customerPhone: '+447700900870',
        postcode: nh.postcode,
        fullAddress: '',
        pickupStartsAt: yesterday,
        pickupEndsAt: yesterday,
        deliveryStartsAt: yesterday,
        deliveryEndsAt: yesterday,
        totalPence: pence,
        branchId: nh.id,
        createdAt: yesterday,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      serviceId: suit.id,
      itemName: suit.serviceName,
      quantity: 1,
      unitPricePence: pence,
    });
    await db.insert(financialDocuments).values({
      kind: 'invoice',
      seq: 90_001 + i,
      number: `INV-E2E-${i + 1}`,
      orderId: order!.id,
      issuedAt: yesterday,
      totalPence: pence,
      vatPence: Math.round(pence / 6),
      snapshot: {},
    });
  }
}
