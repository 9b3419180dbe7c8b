import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, customers, orderCases, orders, outbox } from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { photographGarment, recordGarmentRows } from '@tests/helpers/intake-fixtures';
import { intakeReportToken } from '../../auth/intake-report-access';
import { AppError } from '../../errors';
import { customerGarments } from '../intake-report/garment-history';
import { customerIntakeReports, intakeReport } from '../intake-report/intake-report';
import { customerGarmentsView, intakeReportView } from '../intake-report/present-intake-report';
import { sendIntakeReport } from '../intake-report/send-intake-report';
import { answerCase, openCase, openCases } from './cases';

/*
 * Issue 16: staff send the intake report once the garments are recorded (once; never for an
 * order without garments), the customer (logged in, or with the e-mailed link) may open a
 * case for 48 hours, never on another customer's order; the board lists the open cases, and
 * staff's answer closes the case and is e-mailed. The garments' history follows a garment
 * across orders.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-11-24T10:00:00Z');
let clock = start;
let world: UseCaseWorld;
let otherCustomerId: string;

beforeAll(async () => {
  world = await createUseCaseWorld(start);
  world.services.now = () => clock;
  const [other] = await world.database.db
    .insert(customers)
    .values({ name: 'Bob', email: 'bob@example.com', phone: '07700900456' })
    .returning();
  otherCustomerId = other!.id;
});
afterAll(async () => {
  await world?.close();
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function mailsTo(to: string, template: string) {
  return world.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.id));
}

/** Ada's collected order with two garments recorded; the report sent at `start`. */
async function reportedOrder(email = 'ada@example.com') {
  clock = start;
  const order = await insertOrderRow(world.database.db, new Date('2026-11-23T09:00:00Z'), {
    customerId: world.customerId,
    customerEmail: email,
    status: 'collected',
  });
  const garments = await recordGarmentRows(world.services, world.actor, order.id, [
    {
      tag: 'T-1001',
      item: 'Shirt on hanger',
      colour: 'White',
      brand: 'Hawes',
      pockets: 'A £5 note',
    },
    {
      tag: 'T-1002',
      item: 'Overcoat (wool)',
      colour: 'Navy',
      damage: 'Red wine stain on left cuff',
    },
  ]);
  await sendIntakeReport(world.services, { actor: world.actor, orderId: order.id });
  return { order, garments };
}

describe('sending the intake report', () => {
  test('e-mails the garments with their notes and sets intake_reported_at, once', async () => {
    const { order } = await reportedOrder('report@example.com');
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.intakeReportedAt).toEqual(start);

    const [mail] = await mailsTo('report@example.com', 'intake-report');
    expect(mail!.subject).toMatch(/^Your intake report for order LD-\d+: 2 items$/);
    expect(mail!.textBody).toContain(
      'Tag T-1001 · Shirt on hanger: White · Hawes · Found in pockets: A £5 note',
    );
    expect(mail!.textBody).toContain(
      'Tag T-1002 · Overcoat (wool): Navy · Damage: Red wine stain on left cuff',
    );
    const token = intakeReportToken(world.services, { id: order.id, intakeReportedAt: start });
    expect(mail!.textBody).toContain(`/order/intake/${order.id}?t=${encodeURIComponent(token)}`);

    // A second send is refused, and the first time stays.
    clock = new Date(start.getTime() + HOUR);
    const again = await refusal(
      sendIntakeReport(world.services, { actor: world.actor, orderId: order.id }),
    );
    expect(again.code).toBe('already-done');
    expect(again.message).toContain('was already sent');
    const [still] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.intakeReportedAt).toEqual(start);
    expect(await mailsTo('report@example.com', 'intake-report')).toHaveLength(1);
    const audits = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.intake-report')));
    expect(audits).toHaveLength(1);
  });

  test('an order without garments cannot be reported (409), nothing written', async () => {
    const order = await insertOrderRow(world.database.db, new Date('2026-11-23T09:00:00Z'), {
      customerId: world.customerId,
      customerEmail: 'empty@example.com',
      status: 'collected',
    });
    const error = await refusal(
      sendIntakeReport(world.services, { actor: world.actor, orderId: order.id }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      'Record the garments of this order before sending its intake report.',
    );
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.intakeReportedAt).toBeNull();
    expect(await mailsTo('empty@example.com', 'intake-report')).toHaveLength(0);
  });
});

describe('cases on the intake report', () => {
  test('a case opens at 47 hours and is refused at 49 with how to reach the shop', async () => {
    const { order, garments } = await reportedOrder();
    clock = new Date(start.getTime() + 47 * HOUR);
    const opened = await openCase(world.services, {
      orderId: order.id,
      customerId: world.customerId,
      kind: 'wrong-note',
      order_garment_id: garments[1]!.id,
      description: 'The stain was not there when it left home.',
    });
    expect(opened.case).toMatchObject({ kind: 'wrong-note', orderGarmentId: garments[1]!.id });

    clock = new Date(start.getTime() + 49 * HOUR);
    const late = await refusal(
      openCase(world.services, {
        orderId: order.id,
        customerId: world.customerId,
        kind: 'missing-item',
        description: 'A silk scarf is missing.',
      }),
    );
    expect(late.code).toBe('conflict');
    expect(late.message).toMatch(
      /could be opened until 26\/11\/2026.*Please call us on .+ or write to .+@/,
    );
    const rows = await world.database.db
      .select()
      .from(orderCases)
      .where(eq(orderCases.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  test('another customer’s order is 404, even with a session', async () => {
    const { order } = await reportedOrder();
    clock = new Date(start.getTime() + HOUR);
    const error = await refusal(
      openCase(world.services, {
        orderId: order.id,
        customerId: otherCustomerId,
        kind: 'missing-item',
        description: 'Not mine.',
      }),
    );
    expect(error.code).toBe('not-found');
    expect(
      (
        await refusal(
          intakeReport(world.services, {
            orderId: order.id,
            customerId: otherCustomerId,
          }),
        )
      ).code,
    ).toBe('not-found');
  });

  test('a guest with the signed link opens a case; a tampered link cannot', async () => {
    const { order } = await reportedOrder();
    clock = new Date(start.getTime() + 2 * HOUR);
    const token = intakeReportToken(world.services, { id: order.id, intakeReportedAt: start });
    const report = intakeReportView(
      world.services.config.brand,
      await intakeReport(world.services, { orderId: order.id, token }),
    );
    expect(report.garments.map((g) => g.tag_number)).toEqual(['T-1001', 'T-1002']);
    expect(report.can_open_case).toBe(true);
    // Photos come with signed URLs of the photos' contract.
    await photographGarment(world.services, { id: report.garments[1]!.id, orderId: order.id });
    await photographGarment(
      world.services,
      { id: report.garments[1]!.id, orderId: order.id },
      'damage',
    );
    const withPhotos = intakeReportView(
      world.services.config.brand,
      await intakeReport(world.services, { orderId: order.id, token }),
    );
    // Same instant on the pinned clock: the order between the two is not defined.
    expect(withPhotos.garments[1]!.photos.map((p) => p.kind).sort()).toEqual(['damage', 'garment']);
    expect(withPhotos.garments[1]!.photos[0]!.url).toMatch(
      /^\/photos\/[0-9a-f-]{36}\?expires=\d+&sig=/,
    );
    expect(withPhotos.garments[0]!.photos).toEqual([]);

    const opened = await openCase(world.services, {
      orderId: order.id,
      token,
      kind: 'missing-item',
      description: 'My silk scarf is not on the list.',
    });
    expect(opened.case.body).toBe('My silk scarf is not on the list.');
    const [told] = await mailsTo(world.services.config.brand.email, 'intake-case-staff');
    expect(told!.textBody).toContain('My silk scarf is not on the list.');

    // A character of the signature changed (not the last one, whose low bits are padding).
    const at = token.length - 10;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    const refused = await refusal(
      openCase(world.services, {
        orderId: order.id,
        token: tampered,
        kind: 'missing-item',
        description: 'Forged.',
      }),
    );
    expect(refused.code).toBe('link-invalid');
    // Nor does the link open another order's report.
    const { order: other } = await reportedOrder();
    expect((await refusal(intakeReport(world.services, { orderId: other.id, token }))).code).toBe(
      'link-invalid',
    );
  });

  test('the board lists the open case; the staff answer closes it and e-mails the customer', async () => {
    const { order } = await reportedOrder('answer@example.com');
    clock = new Date(start.getTime() + 3 * HOUR);
    const opened = await openCase(world.services, {
      orderId: order.id,
      customerId: world.customerId,
      kind: 'missing-item',
      description: 'Two shirts went in the bag; one is listed.',
    });
    const board = await openCases(world.services);
    const mine = board.orders.find((o) => o.order.id === order.id);
    expect(mine).toMatchObject({ open: 1 });
    expect(board.total).toBeGreaterThanOrEqual(1);

    clock = new Date(start.getTime() + 4 * HOUR);
    await answerCase(world.services, {
      actor: world.actor,
      caseId: opened.case.id,
      answer: 'We found the second shirt in another bag: it is tagged T-1003 now.',
    });
    const after = await openCases(world.services);
    expect(after.orders.find((o) => o.order.id === order.id)).toBeUndefined();
    const [mail] = await mailsTo('answer@example.com', 'intake-case-answer');
    expect(mail!.textBody).toContain('it is tagged T-1003 now.');
    const [kase] = await world.database.db
      .select()
      .from(orderCases)
      .where(eq(orderCases.id, opened.case.id));
    expect(kase).toMatchObject({ answeredBy: world.actor.id, answeredAt: clock });
    const audit = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.case-answer')));
    expect(audit).toHaveLength(1);

    // Once: a second answer is refused.
    const again = await refusal(
      answerCase(world.services, { actor: world.actor, caseId: opened.case.id, answer: 'Again' }),
    );
    expect(again.code).toBe('already-done');

    // The account shows the case with its answer.
    const reports = await customerIntakeReports(world.services, { customerId: world.customerId });
    const shown = reports.find((r) => r.order.id === order.id)!;
    const view = intakeReportView(world.services.config.brand, shown);
    expect(view.cases).toEqual([
      expect.objectContaining({
        kind: 'missing-item',
        state: 'answered',
        answer: 'We found the second shirt in another bag: it is tagged T-1003 now.',
      }),
    ]);
  });
});

describe('the customer’s garments', () => {
  test('one garment across two orders is one entry with both visits, newest first', async () => {
    const [cara] = await world.database.db
      .insert(customers)
      .values({ name: 'Cara', email: 'cara@example.com', phone: '07700900789' })
      .returning();
    const first = await insertOrderRow(world.database.db, new Date('2026-10-05T09:00:00Z'), {
      customerId: cara!.id,
      status: 'collected',
    });
    const [coat, shirt] = await recordGarmentRows(world.services, world.actor, first.id, [
      {
        tag: 'T-2001',
        item: 'Overcoat (wool)',
        colour: 'Camel',
        brand: 'Crombie',
        treatment: 'Dry clean',
      },
      { tag: 'T-2002', item: 'Shirt on hanger', colour: 'Blue' },
    ]);
    // That first visit is over: delivered since.
    await world.database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.id, first.id));
    const second = await insertOrderRow(world.database.db, new Date('2026-11-20T09:00:00Z'), {
      customerId: cara!.id,
      status: 'collected',
    });
    const [coatAgain] = await recordGarmentRows(world.services, world.actor, second.id, [
      {
        tag: 'T-3001',
        item: 'Overcoat (wool)',
        colour: 'Camel',
        brand: 'Crombie',
        treatment: 'Dry clean, reproofed',
        damage: 'Button missing',
        garmentId: coat!.garmentId,
      },
    ]);
    await photographGarment(world.services, coatAgain!);
    const list = customerGarmentsView(
      world.services.config.brand,
      await customerGarments(world.services, { customerId: cara!.id }),
    );
    expect(list).toHaveLength(2);
    const coatEntry = list.find((g) => g.id === coat!.garmentId)!;
    expect(coatEntry).toMatchObject({
      item_name: 'Overcoat (wool)',
      colour: 'Camel',
      brand: 'Crombie',
    });
    expect(coatEntry.history.map((h) => [h.date, h.treatment, h.damage_note])).toEqual([
      ['20/11/2026', 'Dry clean, reproofed', 'Button missing'],
      ['05/10/2026', 'Dry clean', ''],
    ]);
    expect(coatEntry.photo_url).toMatch(/^\/photos\//);
    expect(coatEntry.history[0]!.photos).toHaveLength(1);
    expect(coatEntry.history[1]!.photos).toHaveLength(0);
    expect(list.find((g) => g.id === shirt!.garmentId)!.history).toHaveLength(1);
    expect(list.find((g) => g.id === shirt!.garmentId)!.photo_url).toBeNull();
    // Nobody else's garments.
    expect(await customerGarments(world.services, { customerId: otherCustomerId })).toEqual([]);
  });
});
