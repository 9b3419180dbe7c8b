import { sql } from 'drizzle-orm';
import type { AppServices } from '../../server/services';
import { slotUsage } from '../../server/db/schema';
import { listPickupSlots } from '../../server/use-cases/slots/list-slots';

/**
 * What the slot picker's browser test finds full: a London date and its full windows, and the
 * day before it, full in every window.
 */
export type FullWindows = { date: string; starts: string[]; fullDay: string };

/**
 * Issue 18's slot picker shows full windows as full, at the start and the end of a day too.
 * The e2e server fills the first and the last collection window of the last day on offer, and
 * every window of the day before (no other test books that far ahead), as bookings would: every place of each taken in
 * slot_usage. The test asks the server which (GET /slots/full on the mail port).
 */
export async function seedFullWindows(
  services: Pick<AppServices, 'db' | 'content' | 'now'>,
): Promise<FullWindows> {
  const listed = await listPickupSlots(services);
  const date = listed.at(-1)!.slot_date;
  const day = listed.filter((s) => s.slot_date === date);
  // The day before is full from its first window to its last: its chip says Full, whatever
  // the time of day the tests run at (today's passed windows did so only in the evening).
  const fullDay = [...new Set(listed.map((s) => s.slot_date))].at(-2)!;
  const full = [day[0]!, day.at(-1)!, ...listed.filter((s) => s.slot_date === fullDay)];
  for (const slot of full) {
    await services.db
      .insert(slotUsage)
      .values({
        kind: 'pickup',
        startsAt: new Date(slot.starts_at),
        taken: sql`(select pickup_capacity_per_slot from slot_settings)`,
      })
      .onConflictDoNothing();
  }
  return { date, starts: [day[0]!.slot_start, day.at(-1)!.slot_start], fullDay };
}
