import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import { financialDocuments, outbox, payments, services as priceList } from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { pdfText } from '@tests/helpers/pdf-text';
import { setOrderItems } from '../orders/set-order-items';
import { sendInvoice } from '../orders/send-invoice';
import { creditOrder } from '../payments/charge-order';
import { currentInvoice } from './vat-documents';

/*
 * Issue 15: the invoice e-mail carries the VAT invoice as a PDF, and the receipt e-mail the
 * receipt (the invoice with the payment), through the outbox like every message.
 */

const now = new Date('2026-11-24T10:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(now);
});
afterAll(async () => {
  await world?.close();
});

async function lastMail(template: string) {
  const [row] = await world.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.template, template))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row!;
}

describe('invoice and receipt e-mails', () => {
  test('the invoice e-mail attaches the VAT invoice; the receipt e-mail the receipt', async () => {
    const order = await world.insertOrder(new Date('2026-11-23T09:00:00Z'), 'collected');
    const [service] = await world.database.db
      .select()
      .from(priceList)
      .where(gt(priceList.pricePence, 1000))
      .limit(1);
    await setOrderItems(world.services, {
      actor: world.actor,
      orderId: order.id,
      lines: [{ service_id: service!.id, quantity: 3 }],
      discountPence: 0,
    });
    await sendInvoice(world.services, { actor: world.actor, orderId: order.id });
    const invoice = (await currentInvoice(world.database.db, order.id))!;
    expect(invoice.totalPence).toBe(3 * service!.pricePence);

    const mail = await lastMail('order-invoice');
    expect(mail.attachments).toHaveLength(1);
    const attached = mail.attachments![0]!;
    expect(attached).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(Buffer.from(attached.contentBase64, 'base64'));
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain(`VAT registration number: ${world.services.config.brand.vatNumber}`);
    expect(text).toContain(service!.serviceName);

    await world.database.db.transaction(async (tx) => {
      await tx.insert(payments).values({
        orderId: order.id,
        provider: 'test',
        kind: 'charge',
        providerRef: `test-charge-${order.id}`,
        status: 'succeeded',
        amountPence: invoice.totalPence,
        cardBrand: 'visa',
        cardLast4: '4242',
        createdAt: now,
        updatedAt: now,
      });
      await creditOrder(tx, { orderId: order.id, amountPence: invoice.totalPence }, world.services);
    });
    const receipt = await lastMail('order-receipt');
    expect(receipt.attachments?.[0]?.filename).toBe(`receipt-${invoice.number}.pdf`);
    const receiptText = await pdfText(
      Buffer.from(receipt.attachments![0]!.contentBase64, 'base64'),
    );
    expect(receiptText).toMatch(/Receipt\n/);
    expect(receiptText).toContain('Visa ending 4242');
    expect(receiptText).toContain('Payments received');
    // The same invoice: paying did not issue a second one.
    expect((await currentInvoice(world.database.db, order.id))!.id).toBe(invoice.id);
    expect(
      await world.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.template, 'order-invoice'))),
    ).toHaveLength(1);
  });

  test('items changed after invoicing: a credit note cancels the invoice and a new one is issued', async () => {
    const order = await world.insertOrder(new Date('2026-11-23T11:00:00Z'), 'collected');
    const [service] = await world.database.db
      .select()
      .from(priceList)
      .where(gt(priceList.pricePence, 1000))
      .limit(1);
    const itemise = (quantity: number) =>
      setOrderItems(world.services, {
        actor: world.actor,
        orderId: order.id,
        lines: [{ service_id: service!.id, quantity }],
        discountPence: 0,
      });
    await itemise(2);
    // Not invoiced yet: changing the items issues nothing.
    await itemise(3);
    expect(await currentInvoice(world.database.db, order.id)).toBeNull();
    await sendInvoice(world.services, { actor: world.actor, orderId: order.id });
    const first = (await currentInvoice(world.database.db, order.id))!;
    await itemise(4);
    const second = (await currentInvoice(world.database.db, order.id))!;
    expect(second.number).not.toBe(first.number);
    expect(second.totalPence).toBe(4 * service!.pricePence);
    const [credit] = await world.database.db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.creditsId, first.id));
    expect(credit).toMatchObject({ kind: 'credit-note', totalPence: first.totalPence });
  });
});
