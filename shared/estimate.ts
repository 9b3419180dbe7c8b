import { priceInvoice } from './invoice';
import { MINIMUM_ORDER_PENCE } from './money';
import { minimumOrder } from './price-rules';

/*
 * The estimate and the price cap of issue 15 (docs/decisions/022): what the customer says
 * they are sending, priced from the price list with the minimum-order rule of priceInvoice,
 * and the most we charge their card without asking. One pure home for the maths, used by the
 * checkout page (instantly, in the browser), its form posts, the API and the presenters.
 */

/** A line the customer stated, priced from the price list (0 pence: call for price). */
export type EstimateLine = {
  serviceId: number;
  name: string;
  quantity: number;
  unitPricePence: number;
};

/** As orders.estimate keeps it. */
export type StoredEstimate = { items: EstimateLine[]; notSure: boolean };

export type Estimate = {
  lines: (EstimateLine & { linePence: number; callForPrice: boolean })[];
  notSure: boolean;
  /** The priced lines added up, before the minimum. */
  itemsPence: number;
  /** The estimated total with the £25 minimum; null when nothing was listed. */
  totalPence: number | null;
  /** The items come to less than the minimum: the estimate is the minimum. */
  minimumApplies: boolean;
  /** Names of the listed call-for-price items: priced at the shop, not in the estimate. */
  callForPrice: string[];
  /** The cap offered until the customer chooses one. */
  defaultCapPence: number;
};

/** Quantities of one line, as the form and the API accept them. */
export const ESTIMATE_QUANTITY = { min: 1, max: 99 } as const;
/** At most this many lines (a bag, not a warehouse). */
export const MAX_ESTIMATE_LINES = 40;
/** The cap offered with "Not sure" or nothing listed: £40 (decision 022). */
export const NOT_SURE_CAP_PENCE = 4000;
/** Default caps are whole multiples of £5. */
const CAP_STEP_PENCE = 500;

/** Rounded up to the next whole £5 (an exact multiple stays: £30.00 → £30, £30.01 → £35). */
export function roundUpToFivePounds(pence: number): number {
  return Math.ceil(pence / CAP_STEP_PENCE) * CAP_STEP_PENCE;
}

/**
 * The cap offered before the customer chooses: the estimate rounded up to the next whole £5,
 * never below the minimum order; £40 when they are not sure or listed nothing.
 */
export function defaultPriceCap(totalPence: number | null): number {
  if (totalPence === null) return NOT_SURE_CAP_PENCE;
  return Math.max(MINIMUM_ORDER_PENCE, roundUpToFivePounds(totalPence));
}

/**
 * The estimate of what the customer listed. "Not sure" sets the lines aside. The total is
 * priceInvoice's (the minimum-order rule, no discount), with call-for-price lines counted at
 * nothing: they are priced at the shop. Pure; integer pence.
 */
export function estimateOrder(input: { lines: EstimateLine[]; notSure: boolean }): Estimate {
  const lines = input.notSure ? [] : input.lines;
  if (lines.length === 0) {
    return {
      lines: [],
      notSure: input.notSure,
      itemsPence: 0,
      totalPence: null,
      minimumApplies: false,
      callForPrice: [],
      defaultCapPence: defaultPriceCap(null),
    };
  }
  const priced = priceInvoice(
    lines.map((l) => ({
      serviceId: l.serviceId,
      itemName: l.name,
      quantity: l.quantity,
      unitPricePence: l.unitPricePence,
    })),
    0,
  );
  const itemsPence = priced.subtotalPence - (priced.minimumLine?.unitPricePence ?? 0);
  return {
    lines: lines.map((l) => ({
      ...l,
      linePence: l.quantity * l.unitPricePence,
      callForPrice: l.unitPricePence === 0,
    })),
    notSure: false,
    itemsPence,
    totalPence: priced.totalPence,
    minimumApplies: priced.minimumLine !== null,
    callForPrice: [...new Set(lines.filter((l) => l.unitPricePence === 0).map((l) => l.name))],
    defaultCapPence: defaultPriceCap(priced.totalPence),
  };
}

/** The texts of the cap, shared by the form, the API and the pages. */
export const capMessages = {
  notMoney: 'Enter the cap as an amount in pounds, like 40 or 40.00.',
  belowMinimum: `The cap cannot be below the ${minimumOrder} minimum order.`,
  unknownService: 'We could not find that item on our price list. Please choose it again.',
  quantity: `Enter a quantity from ${ESTIMATE_QUANTITY.min} to ${ESTIMATE_QUANTITY.max}.`,
  chooseItem: 'Choose an item from the price list.',
  bothNotSure: 'List your items or choose "Not sure", not both.',
  tooManyLines: `List at most ${MAX_ESTIMATE_LINES} lines; tell us about the rest in the notes.`,
} as const;

/** What is wrong with a cap, or null: it must reach the minimum order. */
export function capProblem(capPence: number): string | null {
  return capPence < MINIMUM_ORDER_PENCE ? capMessages.belowMinimum : null;
}
