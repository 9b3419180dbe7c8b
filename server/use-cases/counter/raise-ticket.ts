import { inArray } from 'drizzle-orm';
import { invoiceProblems, type InvoiceLineInput } from '@shared/invoice';
import { MAX_UNIT_PRICE_PENCE } from '@shared/money';
import {
  readyAtSpeed,
  speedLabel,
  surchargePence,
  surchargePercent,
  type CounterSpeed,
} from '@shared/counter-speed';
import type { CurrentStaff } from '../../auth/staff';
import { counterTickets, orderEvents, orderItems, orders, services } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { issueInvoice } from '../invoices/vat-documents';
import { counterBranch } from './counter-branch';
import { counterCustomer } from './counter-customers';
import { lockOpenDay, recordTillSale } from './till';
import { depositMessages } from './present-counter-payments';
import { cashShortMessages, priceTooHighMessage } from './present-ticket';

/*
 * A ticket raised at the counter (issue 32, decision 049): an order of channel 'counter' at
 * the session's branch, received there ('collected'), its items from the price list with a
 * note each (call-for-price items at the price agreed at the counter), promised ready after
 * the branch's turnaround (shared/promised-ready.ts) or when staff say, and paid now in cash
 * (the change worked out, a VAT invoice issued in the same transaction, so its number comes
 * from the one gapless series) or at collection. Money in pence throughout. One transaction:
 * a refusal writes nothing. No £25 minimum (that is the delivery service's) and no slot.
 */

export type TicketLine = {
  serviceId: number;
  quantity: number;
  unitPricePence?: number;
  note: string;
};

/**
 * Cash now (all, or a deposit: part of the total, the rest due at collection), a card on the
 * reader (raised unpaid; the card then pays it, decision 053), or at collection.
 */
export type TicketPayment =
  | { kind: 'cash'; tenderedPence: number; depositPence?: number }
  | { kind: 'card'; depositPence?: number }
  | { kind: 'at-collection' };

export async function raiseTicket(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: {
    staff: CurrentStaff;
    customerId: string;
    lines: TicketLine[];
    /** Staff's own promised time; the speed's when absent. */
    promisedReadyAt?: Date;
    /** Standard when absent; express and same day where the branch offers them. */
    speed?: CounterSpeed;
    payment: TicketPayment;
  },
) {
  const now = deps.now();
  const { staff } = input;
  return deps.db.transaction(async (tx) => {
    const branch = await counterBranch(tx, { staff, now });
    const customer = await counterCustomer(tx, input.customerId);
    const errors: Record<string, string[]> = {};
    if (input.lines.length === 0) errors.lines = ['Add at least one item to the ticket.'];
    const ids = [...new Set(input.lines.map((l) => l.serviceId))];
    const known = ids.length
      ? await tx.select().from(services).where(inArray(services.id, ids))
      : [];
    const lines: (InvoiceLineInput & { note: string })[] = input.lines.map((line, index) => {
      const service = known.find((s) => s.id === line.serviceId);
      if (!service) {
        errors[`lines.${index}.service_id`] = ['This item is not on the price list.'];
        return {
          serviceId: null,
          itemName: '',
          quantity: line.quantity,
          unitPricePence: 0,
          note: '',
        };
      }
      const price = service.pricePence > 0 ? service.pricePence : (line.unitPricePence ?? 0);
      if (price <= 0) {
        errors[`lines.${index}.unit_price_pence`] = [
          `${service.serviceName} is priced at the counter: enter the price agreed.`,
        ];
      } else if (price > MAX_UNIT_PRICE_PENCE) {
        errors[`lines.${index}.unit_price_pence`] = [priceTooHighMessage()];
      }
      return {
        serviceId: service.id,
        itemName: service.serviceName,
        quantity: line.quantity,
        unitPricePence: price,
        note: line.note.trim(),
      };
    });
    if (Object.keys(errors).length) throw new ValidationError('Please check the items.', errors);
    const speed = input.speed ?? 'standard';
    const timing = readyAtSpeed({
      offer: branch.offer,
      week: branch.week,
      closures: branch.closures,
      droppedAt: now,
      speed,
      items: lines.map((l) => ({
        name: l.itemName,
        turnaroundDays: known.find((s) => s.id === l.serviceId)?.turnaroundDays ?? null,
      })),
    });
    if ('refused' in timing) {
      const { code, message } = timing.refused;
      throw new ValidationError(message, { speed: [message] }, code);
    }
    // Express and same day are a line of their own, so the receipt and the invoice show them.
    const percent = surchargePercent(branch.offer, speed) ?? 0;
    const itemsPence = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);
    if (percent > 0) {
      lines.push({
        serviceId: null,
        itemName: `${speedLabel[speed]} service (+${percent} %)`,
        quantity: 1,
        unitPricePence: surchargePence(itemsPence, percent),
        note: '',
      });
    }
    Object.assign(errors, invoiceProblems(lines, 0));
    if (Object.keys(errors).length) throw new ValidationError('Please check the items.', errors);
    const totalPence = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);

    const promised = input.promisedReadyAt ?? timing.ready;
    if (!promised) {
      throw new ValidationError('Enter when the ticket will be ready.', {
        promised_ready_at: [`${branch.name} has no opening hours ahead: enter the time yourself.`],
      });
    }
    if (promised.getTime() <= now.getTime()) {
      throw new ValidationError('Enter when the ticket will be ready.', {
        promised_ready_at: ['The promised time must be later than now.'],
      });
    }
    const cash = input.payment.kind === 'cash' ? input.payment.tenderedPence : null;
    const deposit = input.payment.kind === 'at-collection' ? undefined : input.payment.depositPence;
    if (deposit !== undefined && deposit >= totalPence) {
      const words = depositMessages(totalPence);
      throw new ValidationError(words.message, { deposit_pence: [words.field] });
    }
    // What is taken now: the deposit, or the total.
    const takenPence = deposit ?? totalPence;
    if (cash !== null && cash < takenPence) {
      const short = cashShortMessages({ totalPence: takenPence, tenderedPence: cash });
      throw new ValidationError(short.message, { tendered_pence: [short.field] }, 'cash-short');
    }
    const paidPence = cash !== null ? takenPence : 0;
    const [order] = await tx
      .insert(orders)
      .values({
        channel: 'counter',
        customerId: customer.id,
        status: 'collected',
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        postcode: branch.postcode,
        addressType: 'Counter',
        fullAddress: '',
        branchId: branch.id,
        pickupStartsAt: now,
        pickupEndsAt: now,
        deliveryStartsAt: promised,
        deliveryEndsAt: promised,
        subtotalPence: totalPence,
        totalPence,
        paidPence,
        amountDuePence: totalPence - paidPence,
        paymentMethod: cash !== null ? 'cash' : null,
        paymentState: cash !== null && paidPence === totalPence ? 'paid' : 'none',
        emailKey: '',
        phoneKey: '',
        addressKey: '',
        createdAt: now,
        statusChangedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        serviceId: l.serviceId,
        itemName: l.itemName,
        quantity: l.quantity,
        unitPricePence: l.unitPricePence,
        note: l.note,
      })),
    );
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: 'collected',
      actor: `staff:${staff.name}`,
      at: now,
    });
    const [ticket] = await tx
      .insert(counterTickets)
      .values({
        orderId: order!.id,
        branchId: branch.id,
        staffId: staff.id,
        promisedReadyAt: promised,
        payment: input.payment.kind,
        speed,
        tenderedPence: cash,
        changePence: cash !== null ? cash - paidPence : null,
        createdAt: now,
      })
      .returning();
    // The cash goes into the branch's open till (decision 051): none open, nothing is written.
    // A ticket paid at collection takes no money and needs no open till.
    if (cash !== null) {
      await recordTillSale(tx, {
        branchId: branch.id,
        branchName: branch.name,
        staff,
        orderId: order!.id,
        pence: paidPence,
        now,
      });
    }
    // A card's takings go into the open till too: none open, no ticket is raised for it.
    if (input.payment.kind === 'card') {
      await lockOpenDay(tx, { branchId: branch.id, branchName: branch.name, now });
    }
    const invoice =
      cash !== null
        ? await issueInvoice(tx, { brand: deps.config.brand, order: order!, now })
        : null;
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: 'counter.ticket',
      entity: 'order',
      entityId: order!.id,
      after: {
        branchId: branch.id,
        totalPence,
        speed,
        payment: input.payment.kind,
        paidPence,
        tenderedPence: cash,
        changePence: ticket!.changePence,
        invoice: invoice?.number ?? null,
      },
    });
    return {
      order: order!,
      ticket: ticket!,
      branch,
      customer,
      lines,
      invoiceNumber: invoice?.number ?? null,
    };
  });
}
