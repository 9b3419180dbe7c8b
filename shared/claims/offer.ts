import { formatGbp } from '../money';
import {
  conditionLabels,
  garmentCategoryLabels,
  type AgeBand,
  type ClaimSettings,
  type ClaimTable,
  type GarmentCategory,
  type GarmentCondition,
} from './table';

/*
 * The offer for a missing or damaged garment (issue 34, decision 063): replacement cost of a
 * comparable new item × the percentage for its age band and condition, plus that garment's
 * cleaning charge refunded. Integer pence. An offer records the table version and every number
 * it used, so it reads the same after the owner changes the table. Pure: no clock, no I/O.
 */

/** What the offer is worked out from. */
export type OfferInput = {
  category: GarmentCategory;
  /** The garment's age in whole months, as the customer tells it. */
  ageMonths: number;
  condition: GarmentCondition;
  /** What a comparable new item costs, as the customer says (null: not said). */
  statedCostPence: number | null;
  /** Whether the customer showed a receipt (photo) for that cost. */
  receipt: boolean;
  /** What the shop charged to clean this garment (refunded on top). */
  cleaningChargePence: number;
};

/** An offer as made and kept: the numbers behind it, with the table version it used. */
export type Offer = {
  tableVersion: number;
  category: GarmentCategory;
  lifeMonths: number;
  ageMonths: number;
  /** Index of the age band in the table used, and its upper edge in months (null: older). */
  band: number;
  bandUpToMonths: number | null;
  condition: GarmentCondition;
  percent: number;
  /** The cost used: the receipt's, or the customer's capped by the ceiling, or the ceiling. */
  replacementCostPence: number;
  costBasis: 'receipt' | 'stated-within-ceiling' | 'ceiling';
  ceilingPence: number;
  valuePence: number;
  cleaningChargePence: number;
  totalPence: number;
};

/**
 * The band for an age: the first whose edge (a percentage of the life) the age does not pass.
 * An age exactly on an edge belongs to the band that ends there. Integer arithmetic only.
 */
export function ageBand(bands: AgeBand[], lifeMonths: number, ageMonths: number): number {
  for (const [i, band] of bands.entries()) {
    if (band.upToPercentOfLife === null) return i;
    if (ageMonths * 100 <= band.upToPercentOfLife * lifeMonths) return i;
  }
  return bands.length - 1;
}

/** A band's upper edge in whole months (rounded down), for people; null for "older". */
export function bandEdgeMonths(band: AgeBand, lifeMonths: number): number | null {
  return band.upToPercentOfLife === null
    ? null
    : Math.floor((band.upToPercentOfLife * lifeMonths) / 100);
}

/** The replacement cost the offer uses, and on what basis. */
export function replacementCost(
  input: Pick<OfferInput, 'statedCostPence' | 'receipt'>,
  ceilingPence: number,
): { pence: number; basis: Offer['costBasis'] } {
  if (input.statedCostPence !== null && input.receipt) {
    return { pence: input.statedCostPence, basis: 'receipt' };
  }
  if (input.statedCostPence !== null && input.statedCostPence <= ceilingPence) {
    return { pence: input.statedCostPence, basis: 'stated-within-ceiling' };
  }
  return { pence: ceilingPence, basis: 'ceiling' };
}

/** Works out the offer from the table (of `tableVersion`). */
export function makeOffer(table: ClaimTable, tableVersion: number, input: OfferInput): Offer {
  const row = table.categories[input.category];
  const band = ageBand(table.bands, row.lifeMonths, input.ageMonths);
  const percent = table.bands[band]!.percent[input.condition];
  const cost = replacementCost(input, row.ceilingPence);
  const valuePence = Math.round((cost.pence * percent) / 100);
  return {
    tableVersion,
    category: input.category,
    lifeMonths: row.lifeMonths,
    ageMonths: input.ageMonths,
    band,
    bandUpToMonths: bandEdgeMonths(table.bands[band]!, row.lifeMonths),
    condition: input.condition,
    percent,
    replacementCostPence: cost.pence,
    costBasis: cost.basis,
    ceilingPence: row.ceilingPence,
    valuePence,
    cleaningChargePence: input.cleaningChargePence,
    totalPence: valuePence + input.cleaningChargePence,
  };
}

/** Whether an offer of this amount needs the owner's sign-off: strictly above the threshold. */
export function needsOwnerSignOff(totalPence: number, settings: ClaimSettings): boolean {
  return totalPence > settings.signOffAbovePence;
}

/**
 * What the customer receives taking `offerPence` as account credit (+ the owner's bonus, as it
 * was when the offer was made: the offer keeps its percent).
 */
export function creditWithBonus(
  offerPence: number,
  settings: Pick<ClaimSettings, 'creditBonusPercent'>,
): number {
  return offerPence + Math.round((offerPence * settings.creditBonusPercent) / 100);
}

const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

/** The numbers behind an offer in plain words, one sentence each, for the customer and staff. */
export function explainOffer(
  offer: Offer & { adjustmentPence?: number; adjustedAt?: 'sign-off' },
): string[] {
  const category = garmentCategoryLabels[offer.category].toLowerCase();
  const cost =
    offer.costBasis === 'receipt'
      ? `A comparable new item costs ${formatGbp(offer.replacementCostPence)} (from your receipt).`
      : offer.costBasis === 'stated-within-ceiling'
        ? `A comparable new item costs ${formatGbp(offer.replacementCostPence)}, as you told us (without a receipt we go up to ${formatGbp(offer.ceilingPence)} for ${category}).`
        : `Without a receipt we use our ceiling for ${category}: ${formatGbp(offer.ceilingPence)}.`;
  const band =
    offer.bandUpToMonths === null
      ? `older than the last age band`
      : `in the age band up to ${months(offer.bandUpToMonths)}`;
  return [
    `We expect ${category} to last ${months(offer.lifeMonths)}.`,
    `Yours is ${months(offer.ageMonths)} old, ${band}, and was in ${conditionLabels[offer.condition]} condition.`,
    `A garment of that age and condition is worth ${offer.percent}% of a new one.`,
    cost,
    `${offer.percent}% of ${formatGbp(offer.replacementCostPence)} is ${formatGbp(offer.valuePence)}; we add the ${formatGbp(offer.cleaningChargePence)} you paid to clean it: ${formatGbp(tableTotal(offer))} in all.`,
    ...(offer.adjustmentPence
      ? [
          offer.adjustedAt === 'sign-off'
            ? `Checking the offer, our owner made it ${formatGbp(offer.totalPence)} for this garment.`
            : `After your dispute, our owner made it ${formatGbp(offer.totalPence)} for this garment.`,
        ]
      : []),
  ];
}

/** A line's figure from the table alone: the value plus the cleaning charge. */
export function tableTotal(offer: Pick<Offer, 'valuePence' | 'cleaningChargePence'>): number {
  return offer.valuePence + offer.cleaningChargePence;
}

/**
 * The lines of an offer the owner raises to `totalPence` after a dispute: each garment's
 * table figure scaled in proportion (the last takes what rounding leaves; all equal when the
 * table gives nothing), the difference kept as its `adjustmentPence`, so the lines add up to
 * the offer's total and the register shares its money over the garments.
 */
export function raisedLines<L extends Offer & { adjustmentPence?: number }>(
  lines: L[],
  totalPence: number,
): (L & { adjustmentPence: number })[] {
  const base = lines.map(tableTotal);
  const sum = base.reduce((a, b) => a + b, 0);
  let left = totalPence;
  return lines.map((line, i) => {
    const total =
      i === lines.length - 1
        ? left
        : sum > 0
          ? Math.floor((totalPence * base[i]!) / sum)
          : Math.floor(totalPence / lines.length);
    left -= total;
    return { ...line, totalPence: total, adjustmentPence: total - base[i]! };
  });
}

/** The sentence every offer carries (Consumer Rights Act 2015). */
export const consumerRightsSentence =
  'Accepting this offer does not take away your rights under the Consumer Rights Act 2015.';
