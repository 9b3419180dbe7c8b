import { and, eq, isNull } from 'drizzle-orm';
import { londonDate } from '@shared/london-time';
import type { DbOrTx } from '../../db/client';
import { branches, tillDays, tillEntries } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';

/*
 * Card money that moves when the counter may have no open day to take it (issue 32, decision
 * 058): a card on the reader that settles (webhook or poll) after the day it was started in
 * was closed, and a refund to a card of a counter ticket (the owner's, from the order page, or
 * an overpayment given back). It goes into the branch's open day when there is one; with none
 * open it waits (`day_id` null) and the next day opened at that branch takes it, audited. A
 * closed day never takes an entry. The branch's row is locked first, here and in `openTill`,
 * so an entry written while a day is being opened is either seen by the opening or finds the
 * new day: it never waits past the day that was opening.
 */

type Actor = { id: string | null; name: string; role?: 'owner' | 'staff' | 'driver' };

/** Locks the branch's row: `openTill` and a card's money take turns per branch. */
export async function lockBranchTill(tx: DbOrTx, branchId: number) {
  await tx
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .for('update');
}

/**
 * Writes a card's money (a sale: pence > 0; a refund: pence < 0) into the branch's open day,
 * or leaves it waiting for the next one. A sale whose card was started in another day (now
 * closed), and every entry that waits, is audited with the reason it carries on the Z report.
 */
export async function recordCardMoney(
  tx: DbOrTx,
  input: {
    branchId: number;
    staff: Actor;
    orderId: string;
    kind: 'sale' | 'refund';
    pence: number;
    now: Date;
    /** The day open when the card was sent to the reader (a sale), or null. */
    startedDayId?: number | null;
    reason?: string | null;
  },
): Promise<{ dayId: number | null; late: boolean }> {
  if (input.pence === 0) return { dayId: null, late: false };
  await lockBranchTill(tx, input.branchId);
  const [open] = await tx
    .select()
    .from(tillDays)
    .where(and(eq(tillDays.branchId, input.branchId), isNull(tillDays.closedAt)))
    .for('update');
  const started = input.startedDayId ?? null;
  const late = started !== null && open?.id !== started;
  const [startedDay] =
    late && started !== null
      ? await tx.select().from(tillDays).where(eq(tillDays.id, started))
      : [];
  const lateReason = startedDay
    ? `card started on the ${londonDate(startedDay.openedAt)} till, settled after it closed`
    : null;
  const reason = [input.reason, lateReason].filter(Boolean).join(' · ') || null;
  const [entry] = await tx
    .insert(tillEntries)
    .values({
      dayId: open?.id ?? null,
      branchId: input.branchId,
      kind: input.kind,
      method: 'card',
      pence: input.pence,
      staffId: input.staff.id,
      staffName: input.staff.name,
      orderId: input.orderId,
      reason,
      at: input.now,
    })
    .returning();
  if (late || !open) {
    await recordAudit(tx, {
      actor: {
        id: input.staff.id ?? 'system',
        name: input.staff.name,
        role: input.staff.role ?? 'staff',
      },
      now: input.now,
      action: open ? 'till.late-card' : 'till.entry-waiting',
      entity: 'till_day',
      entityId: open?.id ?? started ?? 0,
      after: {
        entryId: entry!.id,
        branchId: input.branchId,
        kind: input.kind,
        pence: input.pence,
        startedDayId: started,
        intoDayId: open?.id ?? null,
      },
    });
  }
  return { dayId: open?.id ?? null, late };
}

/**
 * A day just opened takes its branch's waiting entries (in `openTill`'s transaction, the
 * branch locked), audited as one carry-over; returns how many it took.
 */
export async function takeWaitingEntries(
  tx: DbOrTx,
  input: { branchId: number; dayId: number; now: Date; actor: Required<Actor> },
): Promise<number> {
  const taken = await tx
    .update(tillEntries)
    .set({ dayId: input.dayId })
    .where(and(eq(tillEntries.branchId, input.branchId), isNull(tillEntries.dayId)))
    .returning({ id: tillEntries.id, pence: tillEntries.pence, kind: tillEntries.kind });
  if (taken.length === 0) return 0;
  await recordAudit(tx, {
    actor: { id: input.actor.id ?? 'system', name: input.actor.name, role: input.actor.role },
    now: input.now,
    action: 'till.carried-over',
    entity: 'till_day',
    entityId: input.dayId,
    after: {
      entries: taken.map((t) => t.id),
      pence: taken.reduce((sum, t) => sum + t.pence, 0),
    },
  });
  return taken.length;
}
