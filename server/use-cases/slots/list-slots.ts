import {
  deliverySlots,
  findPickupSlot,
  parseSlotKey,
  pickupListing,
  pickupSlots,
  usageRange,
  type ListingOptions,
  type Slot,
  type SlotChoice,
} from '@shared/slots';
import { databaseOf, isContentCache, type ContentSource } from '../../db/content-cache';
import { BadRequestError } from '../../errors';
import type { AppServices } from '../../services';
import { loadSlotRules, loadSlotUsage } from './slot-rules';

/**
 * GET /api/pickup: the collection windows offered now. Through the content cache the listing
 * is computed once per change of rules or slot usage (and when time moves past its validity),
 * not per request (docs/decisions/016); places are still taken by the database's conditional
 * update at checkout (reserve-slots.ts), so a listing never sells a place. Without the cache
 * (a transaction, a script) it is read straight from the database.
 */
export async function listPickupSlots(
  deps: Pick<AppServices, 'content' | 'now'>,
  options: ListingOptions = {},
): Promise<Slot[]> {
  return pickupSlotsOf(deps.content, deps.now(), options);
}

/** The listing from a content source: the cache, or a transaction or script's database. */
async function pickupSlotsOf(
  source: ContentSource,
  now: Date,
  options: ListingOptions = {},
): Promise<Slot[]> {
  if (isContentCache(source)) {
    const key = options.includeFull ? 'pickup with full' : 'pickup';
    return source.derived(key, now.getTime(), async (db) => {
      const rules = await loadSlotRules(source);
      const usage = await loadSlotUsage(db, 'pickup', usageRange(now, rules));
      const listing = pickupListing(rules, usage, now, options);
      return { value: listing.slots, validFrom: now.getTime(), validUntil: listing.validUntil };
    });
  }
  const rules = await loadSlotRules(source);
  const usage = await loadSlotUsage(source, 'pickup', usageRange(now, rules));
  return pickupSlots(rules, usage, now, options);
}

/**
 * GET /api/delivery/{date start}: delivery windows for a collection window offered now (with
 * `includeFull`, the full ones too, marked; the collection itself must have a place).
 */
export async function listDeliverySlots(
  deps: Pick<AppServices, 'content' | 'now'>,
  input: { slot: string } & ListingOptions,
): Promise<Slot[]> {
  return deliverySlotsOf(deps.content, input.slot, deps.now(), input);
}

async function deliverySlotsOf(
  source: ContentSource,
  key: string,
  now: Date,
  options: ListingOptions,
): Promise<Slot[]> {
  const choice = parseSlotKey(key);
  if (!choice) {
    throw new BadRequestError(
      'The collection slot must be a date and a start time, like "2026-11-23 09:00".',
    );
  }
  const pickup = isContentCache(source)
    ? (await pickupSlotsOf(source, now)).find(
        (s) => s.slot_date === choice.date && s.slot_start === choice.start,
      )
    : await findUncached(source, now, choice);
  if (!pickup) {
    throw new BadRequestError(
      'That collection slot is not available (it is past, full or outside our hours). Please choose another.',
    );
  }
  const listing: ListingOptions = { includeFull: Boolean(options.includeFull) };
  // The delivery windows of a collection window do not depend on the time of asking.
  return isContentCache(source)
    ? source.derived(
        `delivery ${pickup.starts_at}${listing.includeFull ? ' with full' : ''}`,
        now.getTime(),
        async (db) => ({
          value: await deliveryFor(source, db, pickup, listing),
          validFrom: Number.NEGATIVE_INFINITY,
          validUntil: Number.POSITIVE_INFINITY,
        }),
      )
    : deliveryFor(source, databaseOf(source), pickup, listing);
}

async function findUncached(
  source: ContentSource,
  now: Date,
  choice: SlotChoice,
): Promise<Slot | undefined> {
  const rules = await loadSlotRules(source);
  const usage = await loadSlotUsage(databaseOf(source), 'pickup', usageRange(now, rules));
  return findPickupSlot(rules, usage, now, choice);
}

async function deliveryFor(
  source: ContentSource,
  db: ReturnType<typeof databaseOf>,
  pickup: Slot,
  options: ListingOptions,
): Promise<Slot[]> {
  const rules = await loadSlotRules(source);
  // The usage of the days the listing covers, from the collection's own day on.
  const range = usageRange(new Date(Date.parse(pickup.starts_at)), rules);
  return deliverySlots(rules, await loadSlotUsage(db, 'delivery', range), pickup, options);
}
