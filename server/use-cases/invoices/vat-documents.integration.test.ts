import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadBrand } from '../../config';
import { financialDocuments, orderItems, orders } from '../../db/schema';
import { createTestDatabase, onPostgres, type TestDatabase } from '@tests/helpers/test-database';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { pdfText } from '@tests/helpers/pdf-text';
import { currentInvoice, issueInvoice, orderDocumentPdf } from './vat-documents';

/*
 * Issue 15: VAT invoices straight against the database. Numbers are sequential without gaps,
 * also when 20 invoices are raised at once (on PostgreSQL, where it is a real race); an
 * invoice is never edited, a changed order gets a credit note and a new invoice.
 */

let database: TestDatabase;
const brand = loadBrand('./config/brand.json');
const now = new Date('2026-11-24T10:00:00Z');

async function pricedOrder(lines: [string, number, number][], discountPence = 0) {
  const order = await insertOrderRow(database.db, new Date('2026-11-25T09:00:00Z'));
  await database.db.insert(orderItems).values(
    lines.map(([itemName, quantity, unitPricePence]) => ({
      orderId: order.id,
      itemName,
      quantity,
      unitPricePence,
    })),
  );
  const total = lines.reduce((s, [, q, p]) => s + q * p, 0) - discountPence;
  const [priced] = await database.db
    .update(orders)
    .set({
      subtotalPence: total + discountPence,
      discountPence,
      totalPence: total,
      amountDuePence: total,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return priced!;
}

const invoiceOf = (order: typeof orders.$inferSelect) =>
  database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    return issueInvoice(tx, { brand, order: locked!, now });
  });

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 25 });
});
afterAll(async () => {
  await database?.close();
});

describe('VAT invoices', () => {
  test('an order is invoiced once; asking again gives the same invoice', async () => {
    const order = await pricedOrder(
      [
        ['Shirt', 3, 350],
        ['Two-piece suit', 1, 1595],
      ],
      0,
    );
    const first = await invoiceOf(order);
    const again = await invoiceOf(order);
    expect(again.id).toBe(first.id);
    expect(first.number).toMatch(/^INV-\d{6}$/);
    expect(first).toMatchObject({ totalPence: 2645, vatPence: 441 });
    const pdf = await orderDocumentPdf(database.db, order.id, first.number);
    const text = await pdfText(pdf!.content);
    expect(text).toContain(`Invoice number: ${first.number}`);
    expect(text).toContain(`VAT registration number: ${brand.vatNumber}`);
    expect(text).toMatch(/Shirt 3 £3\.50 £10\.50/);
    expect(text).toMatch(/Total \(VAT included\) £26\.45/);
    expect(pdf!.filename).toBe(`invoice-${first.number}.pdf`);
  });

  test('a changed order: the old invoice is cancelled by a credit note and a new one issued', async () => {
    const order = await pricedOrder([['Shirt', 2, 350]]);
    const first = await invoiceOf(order);
    await database.db
      .update(orderItems)
      .set({ quantity: 4 })
      .where(eq(orderItems.orderId, order.id));
    const [changed] = await database.db
      .update(orders)
      .set({ subtotalPence: 1400, totalPence: 1400, amountDuePence: 1400 })
      .where(eq(orders.id, order.id))
      .returning();
    const second = await invoiceOf(changed!);
    expect(second.id).not.toBe(first.id);
    expect(second.totalPence).toBe(1400);
    expect((await currentInvoice(database.db, order.id))!.id).toBe(second.id);
    const [credit] = await database.db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.creditsId, first.id));
    expect(credit).toMatchObject({ kind: 'credit-note', totalPence: 700 });
    const text = await pdfText(
      (await orderDocumentPdf(database.db, order.id, credit!.number))!.content,
    );
    expect(text).toContain(`Credits invoice: ${first.number}`);
    expect(text).toContain(`Cancelled and replaced by invoice ${second.number}.`);
  });

  test(`20 invoices raised at once are numbered without gaps${onPostgres() ? ' (PostgreSQL)' : ''}`, async () => {
    const orders20 = [];
    for (let i = 0; i < 20; i++) orders20.push(await pricedOrder([['Shirt', 1 + i, 350]]));
    const before = await database.db.select().from(financialDocuments);
    const maxBefore = Math.max(0, ...before.filter((d) => d.kind === 'invoice').map((d) => d.seq));
    // One of them fails after taking its number: its number must be given back.
    const results = await Promise.allSettled(
      orders20.map((order, i) =>
        database.db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(orders)
            .where(eq(orders.id, order.id))
            .for('update');
          const doc = await issueInvoice(tx, { brand, order: locked!, now });
          if (i === 7) throw new Error('rolled back after numbering');
          return doc;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const seqs = (await database.db.select().from(financialDocuments))
      .filter((d) => d.kind === 'invoice' && d.seq > maxBefore)
      .map((d) => d.seq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 19 }, (_, i) => maxBefore + 1 + i));
  });
});
