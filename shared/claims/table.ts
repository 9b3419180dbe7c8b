/*
 * The shop's claims table (issue 34, docs/decisions/063): how long a garment of each category
 * is expected to last, what a comparable new one may cost at most without a receipt, and the
 * percentage of that cost a garment is worth by its age (in bands that scale with the
 * category's life) and its condition. The default below is our own, written for this shop
 * from common industry practice (older and worn garments are worth less); it copies no
 * licensed guide, and the owner is asked to check it. Pure.
 */

export const garmentCategories = [
  'suits',
  'shirts',
  'dresses',
  'knitwear',
  'coats',
  'leather',
  'wedding-dresses',
  'household-textiles',
  'other',
] as const;
export type GarmentCategory = (typeof garmentCategories)[number];

export const garmentCategoryLabels: Record<GarmentCategory, string> = {
  suits: 'Suits and tailoring',
  shirts: 'Shirts and blouses',
  dresses: 'Dresses and skirts',
  knitwear: 'Knitwear',
  coats: 'Coats and jackets',
  leather: 'Leather and suede',
  'wedding-dresses': 'Wedding dresses',
  'household-textiles': 'Household textiles (curtains, bedding, rugs)',
  other: 'Anything else',
};

export const garmentConditions = ['excellent', 'average', 'poor'] as const;
export type GarmentCondition = (typeof garmentConditions)[number];

export const conditionLabels: Record<GarmentCondition, string> = {
  excellent: 'excellent',
  average: 'average',
  poor: 'poor',
};

/** One category's row: life expectancy in whole months, and the ceiling without a receipt. */
export type CategoryRow = { lifeMonths: number; ceilingPence: number };

/**
 * An age band: garments up to `upToPercentOfLife` % of their category's life (inclusive) are
 * worth `percent[condition]` % of the replacement cost. The last band has `upToPercentOfLife`
 * null: older than the band before it.
 */
export type AgeBand = {
  upToPercentOfLife: number | null;
  percent: Record<GarmentCondition, number>;
};

/** The owner's settings that go with the table (changed together, versioned together). */
export type ClaimSettings = {
  /** An offer above this needs the owner's sign-off (pence). */
  signOffAbovePence: number;
  /** Hours after the intake report in which "missing" or "not mine" may be claimed. */
  missingWindowHours: number;
  /** Hours after delivery in which damage or a re-clean may be claimed. */
  damageWindowHours: number;
  /** The bonus on an offer taken as account credit, in whole percent (10: +10 %). */
  creditBonusPercent: number;
  /** Hours within which the shop promises to answer a claim. */
  answerWithinHours: number;
};

export type ClaimTable = {
  categories: Record<GarmentCategory, CategoryRow>;
  bands: AgeBand[];
  settings: ClaimSettings;
};

/** Our default table (decision 063). */
export const defaultClaimTable: ClaimTable = {
  categories: {
    suits: { lifeMonths: 48, ceilingPence: 25_000 },
    shirts: { lifeMonths: 24, ceilingPence: 4_000 },
    dresses: { lifeMonths: 36, ceilingPence: 12_000 },
    knitwear: { lifeMonths: 36, ceilingPence: 8_000 },
    coats: { lifeMonths: 60, ceilingPence: 20_000 },
    leather: { lifeMonths: 84, ceilingPence: 30_000 },
    'wedding-dresses': { lifeMonths: 120, ceilingPence: 60_000 },
    'household-textiles': { lifeMonths: 60, ceilingPence: 10_000 },
    other: { lifeMonths: 36, ceilingPence: 5_000 },
  },
  bands: [
    { upToPercentOfLife: 10, percent: { excellent: 85, average: 75, poor: 60 } },
    { upToPercentOfLife: 25, percent: { excellent: 70, average: 60, poor: 45 } },
    { upToPercentOfLife: 50, percent: { excellent: 55, average: 45, poor: 30 } },
    { upToPercentOfLife: 75, percent: { excellent: 40, average: 30, poor: 20 } },
    { upToPercentOfLife: 100, percent: { excellent: 25, average: 20, poor: 10 } },
    { upToPercentOfLife: null, percent: { excellent: 15, average: 10, poor: 5 } },
  ],
  settings: {
    signOffAbovePence: 7_500,
    missingWindowHours: 48,
    damageWindowHours: 48,
    creditBonusPercent: 10,
    answerWithinHours: 48,
  },
};

/** Why a table cannot be saved, or null when it can (bands rising, percents 0-100 …). */
export function tableProblem(table: ClaimTable): string | null {
  for (const category of garmentCategories) {
    const row = table.categories[category];
    if (!row || !Number.isInteger(row.lifeMonths) || row.lifeMonths < 1 || row.lifeMonths > 600) {
      return `Give ${garmentCategoryLabels[category]} a life of 1 to 600 months.`;
    }
    if (
      !Number.isInteger(row.ceilingPence) ||
      row.ceilingPence < 0 ||
      row.ceilingPence > 1_000_000
    ) {
      return `Give ${garmentCategoryLabels[category]} a ceiling of £0 to £10,000.`;
    }
  }
  const { bands } = table;
  if (bands.length < 1 || bands.length > 10) return 'Keep 1 to 10 age bands.';
  let previous = 0;
  for (const [i, band] of bands.entries()) {
    const last = i === bands.length - 1;
    if (last !== (band.upToPercentOfLife === null)) {
      return 'Only the last age band is open-ended ("older").';
    }
    if (band.upToPercentOfLife !== null) {
      if (!Number.isInteger(band.upToPercentOfLife) || band.upToPercentOfLife <= previous) {
        return 'Age bands must rise, in whole percent of the life.';
      }
      previous = band.upToPercentOfLife;
    }
    for (const condition of garmentConditions) {
      const p = band.percent[condition];
      if (!Number.isInteger(p) || p < 0 || p > 100) return 'Percentages are whole numbers 0-100.';
    }
    if (band.percent.excellent < band.percent.average || band.percent.average < band.percent.poor) {
      return 'In each band, excellent is worth at least average, and average at least poor.';
    }
  }
  const s = table.settings;
  const hours = [s.missingWindowHours, s.damageWindowHours, s.answerWithinHours];
  if (hours.some((h) => !Number.isInteger(h) || h < 1 || h > 24 * 60)) {
    return 'Windows and the answer time are whole hours, 1 to 1,440.';
  }
  if (!Number.isInteger(s.signOffAbovePence) || s.signOffAbovePence < 0) {
    return 'The sign-off threshold is an amount in pounds.';
  }
  if (
    !Number.isInteger(s.creditBonusPercent) ||
    s.creditBonusPercent < 0 ||
    s.creditBonusPercent > 100
  ) {
    return 'The credit bonus is a whole percent, 0 to 100.';
  }
  return null;
}
