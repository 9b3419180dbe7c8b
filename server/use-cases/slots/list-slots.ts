import {
  deliverySlots,
  findPickupSlot,
  parseSlotKey,
  pickupSlots,
  usageRange,
  type Slot,
} from '@shared/slots';
import { databaseOf, type ContentSource } from '../../db/content-cache';
import { BadRequestError } from '../../errors';
import { loadSlotRules, loadSlotUsage } from './slot-rules';

/**
 * GET /api/pickup: the collection windows offered now. The rules may come from the content
 * cache; the places taken are always read from the database.
 */
export async function listPickupSlots(source: ContentSource, now: Date): Promise<Slot[]> {
  const rules = await loadSlotRules(source);
  const usage = await loadSlotUsage(databaseOf(source), 'pickup', usageRange(now, rules));
  return pickupSlots(rules, usage, now);
}

/** GET /api/delivery/{date start}: delivery windows for a collection window offered now. */
export async function listDeliverySlots(
  source: ContentSource,
  key: string,
  now: Date,
): Promise<Slot[]> {
  const choice = parseSlotKey(key);
  if (!choice) {
    throw new BadRequestError(
      'The collection slot must be a date and a start time, like "2026-11-23 09:00".',
    );
  }
  const rules = await loadSlotRules(source);
  const db = databaseOf(source);
  const range = usageRange(now, rules);
  const pickup = findPickupSlot(rules, await loadSlotUsage(db, 'pickup', range), now, choice);
  if (!pickup) {
    throw new BadRequestError(
      'That collection slot is not available (it is past, full or outside our hours). Please choose another.',
    );
  }
  return deliverySlots(rules, await loadSlotUsage(db, 'delivery', range), pickup);
}
