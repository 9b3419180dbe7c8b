import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LONDON_ZONE } from '@shared/london-zone';
import { daysSinceReady } from '@shared/uncollected';
import type { CurrentStaff } from '../../auth/staff';
import {
  branches,
  counterTickets,
  financialDocuments,
  orderItems,
  orders,
  priceCategories,
  services,
  tillDays,
  tillEntries,
} from '../../db/schema';
import { ForbiddenError } from '../../errors';
import type { AppServices } from '../../services';
import { reportFilter, weekOf, type ReportFilter } from './report-period';

/*
 * The owner's reports (issue 32, decision 054), in pence, read from what was recorded:
 * counter takings from the till's entries (decision 051), collection orders' from their VAT
 * invoices less credit notes (decision 023), VAT from the invoices; never worked out again from
 * prices. Owner only. Dates are London dates; a week is keyed by its Monday.
 */

type Deps = Pick<AppServices, 'db' | 'now'>;
type Staff = Pick<CurrentStaff, 'role'>;
export type ReportInput = { staff: Staff; from?: string; to?: string; branch?: number };
export type Grouping = 'day' | 'week';

const NO_BRANCH = 'No branch';
// The zone is written into the SQL, not bound: a select and its group by must be the same
// expression, and two bound parameters are two expressions to PostgreSQL.
const londonDay = (column: AnyPgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${LONDON_ZONE}'`)}, 'YYYY-MM-DD')`;
/**
 * When an order came in: a counter ticket's drop-off (its pickup instant, decision 049, the
 * counter's clock), an online order's booking.
 */
const placedAt = sql`case when ${orders.channel} = 'counter' then ${orders.pickupStartsAt} else ${orders.createdAt} end`;
const total = (value: SQL) => sql<string>`coalesce(sum(${value}), 0)::bigint`;

function ownerOnly(staff: Staff) {
  if (staff.role !== 'owner') throw new ForbiddenError('Only the owner can see the reports.');
}

async function branchNames(deps: Deps): Promise<Map<number | null, string>> {
  const rows = await deps.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .orderBy(asc(branches.sortOrder), asc(branches.id));
  return new Map<number | null, string>([...rows.map((b) => [b.id, b.name] as const)]);
}
const nameOf = (names: Map<number | null, string>, id: number | null) =>
  (id !== null ? names.get(id) : undefined) ?? NO_BRANCH;

function prepare(deps: Deps, input: ReportInput) {
  ownerOnly(input.staff);
  return reportFilter(input, deps.now());
}

/** Invoices add, credit notes take away (their amounts are positive). */
const signed = (
  column: typeof financialDocuments.totalPence | typeof financialDocuments.vatPence,
) => sql`case when ${financialDocuments.kind} = 'invoice' then ${column} else -${column} end`;

export type TakingsRow = {
  period: string;
  branch: string;
  counterCashPence: number;
  counterCardPence: number;
  collectionPence: number;
  totalPence: number;
  vatPence: number;
};

/** Takings per branch per London day or week. */
export async function takingsReport(deps: Deps, input: ReportInput & { group: Grouping }) {
  const filter = prepare(deps, input);
  const names = await branchNames(deps);
  const till = await deps.db
    .select({
      branchId: tillDays.branchId,
      day: tillDays.day,
      method: tillEntries.method,
      pence: total(sql`${tillEntries.pence}`),
    })
    .from(tillEntries)
    .innerJoin(tillDays, eq(tillDays.id, tillEntries.dayId))
    .where(
      and(
        inArray(tillEntries.kind, ['sale', 'refund']),
        gte(tillDays.day, filter.from),
        lte(tillDays.day, filter.to),
        filter.branchId !== null ? eq(tillDays.branchId, filter.branchId) : undefined,
      ),
    )
    .groupBy(tillDays.branchId, tillDays.day, tillEntries.method);
  const issuedDay = londonDay(financialDocuments.issuedAt);
  const invoiced = await deps.db
    .select({
      branchId: orders.branchId,
      day: issuedDay,
      channel: orders.channel,
      pence: total(signed(financialDocuments.totalPence)),
      vat: total(signed(financialDocuments.vatPence)),
    })
    .from(financialDocuments)
    .innerJoin(orders, eq(orders.id, financialDocuments.orderId))
    .where(and(inPeriod(financialDocuments.issuedAt, filter), branchIs(filter)))
    .groupBy(orders.branchId, issuedDay, orders.channel);
  const rows = new Map<string, TakingsRow>();
  const rowOf = (branchId: number | null, day: string) => {
    const period = input.group === 'week' ? weekOf(day) : day;
    const branch = nameOf(names, branchId);
    const key = `${period}|${branch}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        period,
        branch,
        counterCashPence: 0,
        counterCardPence: 0,
        collectionPence: 0,
        totalPence: 0,
        vatPence: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const t of till) {
    const row = rowOf(t.branchId, t.day);
    const pence = Number(t.pence);
    if (t.method === 'cash') row.counterCashPence += pence;
    else row.counterCardPence += pence;
    row.totalPence += pence;
  }
  for (const i of invoiced) {
    const row = rowOf(i.branchId, i.day);
    row.vatPence += Number(i.vat);
    // A counter ticket's money is the till's; its invoice gives only the VAT.
    if (i.channel === 'online') {
      row.collectionPence += Number(i.pence);
      row.totalPence += Number(i.pence);
    }
  }
  return { filter, rows: sortRows([...rows.values()], names) };
}

function inPeriod(column: AnyPgColumn | SQL, f: ReportFilter) {
  return sql`${column} >= ${f.start.toISOString()}::timestamptz and ${column} < ${f.end.toISOString()}::timestamptz`;
}
function branchIs(f: ReportFilter) {
  return f.branchId !== null ? eq(orders.branchId, f.branchId) : undefined;
}
function sortRows<T extends { period?: string; branch: string }>(
  rows: T[],
  names: Map<number | null, string>,
): T[] {
  const order = [...names.values(), NO_BRANCH];
  return rows.sort(
    (a, b) =>
      (a.period ?? '').localeCompare(b.period ?? '') ||
      order.indexOf(a.branch) - order.indexOf(b.branch),
  );
}

export type TicketsRow = {
  period: string;
  branch: string;
  tickets: number;
  valuePence: number;
  averagePence: number;
};

/** Counter tickets raised per branch per day or week, their value and the average ticket. */
export async function ticketsReport(deps: Deps, input: ReportInput & { group: Grouping }) {
  const filter = prepare(deps, input);
  const names = await branchNames(deps);
  const raisedDay = londonDay(placedAt);
  const found = await deps.db
    .select({
      branchId: counterTickets.branchId,
      day: raisedDay,
      tickets: sql<string>`count(*)::bigint`,
      pence: total(sql`${orders.totalPence}`),
    })
    .from(counterTickets)
    .innerJoin(orders, eq(orders.id, counterTickets.orderId))
    .where(
      and(
        ne(orders.status, 'cancelled'),
        inPeriod(placedAt, filter),
        filter.branchId !== null ? eq(counterTickets.branchId, filter.branchId) : undefined,
      ),
    )
    .groupBy(counterTickets.branchId, raisedDay);
  const rows = new Map<string, TicketsRow>();
  for (const f of found) {
    const period = input.group === 'week' ? weekOf(f.day) : f.day;
    const branch = nameOf(names, f.branchId);
    const row = rows.get(`${period}|${branch}`) ?? {
      period,
      branch,
      tickets: 0,
      valuePence: 0,
      averagePence: 0,
    };
    row.tickets += Number(f.tickets);
    row.valuePence += Number(f.pence);
    row.averagePence = Math.round(row.valuePence / row.tickets);
    rows.set(`${period}|${branch}`, row);
  }
  return { filter, rows: sortRows([...rows.values()], names) };
}

export type ItemsRow = { category: string; items: number; valuePence: number };

/** Items of the period's orders (both channels) by price-list category, at their line prices. */
export async function itemsReport(deps: Deps, input: ReportInput) {
  const filter = prepare(deps, input);
  const category = sql<string>`coalesce(${priceCategories.name}, 'Other')`;
  const found = await deps.db
    .select({
      category,
      sortOrder: sql<number>`min(coalesce(${priceCategories.sortOrder}, 1000000))`,
      items: total(sql`${orderItems.quantity}`),
      pence: total(sql`${orderItems.quantity} * ${orderItems.unitPricePence}`),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(services, eq(services.id, orderItems.serviceId))
    .leftJoin(priceCategories, eq(priceCategories.id, services.categoryId))
    .where(
      and(
        eq(orderItems.kind, 'service'),
        // A counter speed's surcharge is a line of its own but no item (no service).
        or(isNotNull(orderItems.serviceId), ne(orders.channel, 'counter')),
        ne(orders.status, 'cancelled'),
        inPeriod(placedAt, filter),
        branchIs(filter),
      ),
    )
    .groupBy(category);
  const rows: ItemsRow[] = found
    .sort(
      (a, b) => Number(a.sortOrder) - Number(b.sortOrder) || a.category.localeCompare(b.category),
    )
    .map((f) => ({ category: f.category, items: Number(f.items), valuePence: Number(f.pence) }));
  return { filter, rows };
}

export type UncollectedRow = {
  branch: string;
  tickets: number;
  duePence: number;
  valuePence: number;
  under30: number;
  from30: number;
  from60: number;
  from90: number;
};

/** Tickets ready and not handed over now (not those given away), per branch, by age. */
export async function uncollectedReport(deps: Deps, input: ReportInput) {
  const filter = prepare(deps, input);
  const names = await branchNames(deps);
  const now = deps.now();
  const found = await deps.db
    .select({
      branchId: counterTickets.branchId,
      readyAt: counterTickets.readyAt,
      due: orders.amountDuePence,
      value: orders.totalPence,
    })
    .from(counterTickets)
    .innerJoin(orders, eq(orders.id, counterTickets.orderId))
    .where(
      and(
        eq(orders.status, 'ready'),
        isNotNull(counterTickets.readyAt),
        or(
          sql`${counterTickets.uncollectedDecision} is null`,
          ne(counterTickets.uncollectedDecision, 'donate'),
        ),
        filter.branchId !== null ? eq(counterTickets.branchId, filter.branchId) : undefined,
      ),
    );
  const rows = new Map<string, UncollectedRow>();
  for (const f of found) {
    const branch = nameOf(names, f.branchId);
    const row = rows.get(branch) ?? {
      branch,
      tickets: 0,
      duePence: 0,
      valuePence: 0,
      under30: 0,
      from30: 0,
      from60: 0,
      from90: 0,
    };
    const days = daysSinceReady(f.readyAt!, now);
    row.tickets += 1;
    row.duePence += f.due;
    row.valuePence += f.value;
    if (days >= 90) row.from90 += 1;
    else if (days >= 60) row.from60 += 1;
    else if (days >= 30) row.from30 += 1;
    else row.under30 += 1;
    rows.set(branch, row);
  }
  return { filter, rows: sortRows([...rows.values()], names) };
}

export type ChannelsRow = {
  branch: string;
  counterOrders: number;
  counterPence: number;
  collectionOrders: number;
  collectionPence: number;
};

/**
 * Counter tickets against collection orders per branch: orders placed in the period (not
 * cancelled) and what was invoiced in it, less credit notes.
 */
export async function channelsReport(deps: Deps, input: ReportInput) {
  const filter = prepare(deps, input);
  const names = await branchNames(deps);
  const placed = await deps.db
    .select({
      branchId: orders.branchId,
      channel: orders.channel,
      orders: sql<string>`count(*)::bigint`,
    })
    .from(orders)
    .where(and(ne(orders.status, 'cancelled'), inPeriod(placedAt, filter), branchIs(filter)))
    .groupBy(orders.branchId, orders.channel);
  const invoiced = await deps.db
    .select({
      branchId: orders.branchId,
      channel: orders.channel,
      pence: total(signed(financialDocuments.totalPence)),
    })
    .from(financialDocuments)
    .innerJoin(orders, eq(orders.id, financialDocuments.orderId))
    .where(and(inPeriod(financialDocuments.issuedAt, filter), branchIs(filter)))
    .groupBy(orders.branchId, orders.channel);
  const rows = new Map<string, ChannelsRow>();
  const rowOf = (branchId: number | null) => {
    const branch = nameOf(names, branchId);
    const row = rows.get(branch) ?? {
      branch,
      counterOrders: 0,
      counterPence: 0,
      collectionOrders: 0,
      collectionPence: 0,
    };
    rows.set(branch, row);
    return row;
  };
  for (const p of placed) {
    const row = rowOf(p.branchId);
    if (p.channel === 'counter') row.counterOrders += Number(p.orders);
    else row.collectionOrders += Number(p.orders);
  }
  for (const i of invoiced) {
    const row = rowOf(i.branchId);
    if (i.channel === 'counter') row.counterPence += Number(i.pence);
    else row.collectionPence += Number(i.pence);
  }
  return { filter, rows: sortRows([...rows.values()], names) };
}
