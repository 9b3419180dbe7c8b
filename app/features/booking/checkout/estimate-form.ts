import {
  capMessages,
  capProblem,
  ESTIMATE_QUANTITY,
  estimateOrder,
  MAX_ESTIMATE_LINES,
  type Estimate,
} from '@shared/estimate';
import { parsePounds } from '@shared/money';

/*
 * The estimate and cap part of the checkout's summary (issue 15) as a form: what the page
 * posts without JavaScript (add, remove, update, place) and what the page keeps in state with
 * it. Pure, for the route's action and the component alike; prices come from the price list
 * the loader read, and the server prices the order again when it is placed.
 */

/** The price list as the estimate needs it: categories, then items with their pence. */
export type EstimateCatalogue = {
  name: string;
  services: { id: number; name: string; pence: number }[];
}[];

/** What the customer typed, kept as typed (a quantity may be wrong until corrected). */
export type EstimateForm = {
  lines: { serviceId: number; quantity: string }[];
  notSure: boolean;
  /** The cap as typed, in pounds. */
  cap: string;
  /** The cap follows the default (the customer has not chosen one). */
  capIsDefault: boolean;
};

export const emptyEstimateForm: EstimateForm = {
  lines: [],
  notSure: false,
  cap: '',
  capIsDefault: true,
};

/**
 * Issue 31: "Book again" starts from what was sent last time, as editable lines (only items
 * still on the price list), and a cap at or above the last bill, the customer's own.
 */
export function againEstimateForm(
  order: { items: { serviceId: number; quantity: number }[]; capPence: number | null },
  catalogue: EstimateCatalogue,
): EstimateForm {
  const listed = new Set(catalogue.flatMap((c) => c.services.map((s) => s.id)));
  const lines = order.items
    .filter((i) => listed.has(i.serviceId))
    .slice(0, MAX_ESTIMATE_LINES)
    .map((i) => ({ serviceId: i.serviceId, quantity: String(i.quantity) }));
  return order.capPence === null
    ? { ...emptyEstimateForm, lines }
    : { lines, notSure: false, cap: capText(order.capPence), capIsDefault: false };
}

/** The field names of the form. */
export const estimateFields = {
  lineService: 'line_service',
  lineQuantity: 'line_quantity',
  addService: 'add_service',
  addQuantity: 'add_quantity',
  notSure: 'not_sure',
  cap: 'price_cap',
  capDefault: 'price_cap_default',
} as const;

const f = estimateFields;

/**
 * A post of the summary read back: its lines, then what the button asked (`add`, `remove:N`;
 * anything else only reads). A cap left at the default the page offered follows the default,
 * so it moves with the estimate; one the customer typed stays.
 */
export function readEstimateForm(form: FormData, intent: string): EstimateForm {
  const services = form.getAll(f.lineService).map(String);
  const quantities = form.getAll(f.lineQuantity).map(String);
  let lines = services
    .map((service, i) => ({ serviceId: Number(service), quantity: (quantities[i] ?? '1').trim() }))
    .filter((l) => Number.isInteger(l.serviceId) && l.serviceId > 0);
  if (intent === 'add') {
    const added = Number(form.get(f.addService) ?? '');
    if (Number.isInteger(added) && added > 0) {
      lines = [
        ...lines,
        { serviceId: added, quantity: String(form.get(f.addQuantity) ?? '1').trim() || '1' },
      ];
    }
  }
  const removed = /^remove:(\d+)$/.exec(intent);
  if (removed) lines = lines.filter((_, i) => i !== Number(removed[1]));
  const notSure = form.get(f.notSure) === 'yes';
  const cap = String(form.get(f.cap) ?? '').trim();
  const offered = String(form.get(f.capDefault) ?? '').trim();
  return {
    // "Not sure" sets the list aside.
    lines: notSure ? [] : lines.slice(0, MAX_ESTIMATE_LINES),
    notSure,
    cap,
    capIsDefault: cap === '' || cap === offered,
  };
}

function wholeQuantity(quantity: string): number | null {
  if (!/^\d{1,4}$/.test(quantity)) return null;
  const n = Number(quantity);
  return n >= ESTIMATE_QUANTITY.min && n <= ESTIMATE_QUANTITY.max ? n : null;
}

/** The estimate of the form's lines from the price list (lines of unknown items left out). */
export function estimateOf(form: EstimateForm, catalogue: EstimateCatalogue): Estimate {
  const byId = new Map(catalogue.flatMap((c) => c.services).map((s) => [s.id, s]));
  return estimateOrder({
    notSure: form.notSure,
    lines: form.lines.flatMap((l) => {
      const service = byId.get(l.serviceId);
      const quantity = wholeQuantity(l.quantity);
      if (!service || quantity === null) return [];
      return [
        { serviceId: service.id, name: service.name, quantity, unitPricePence: service.pence },
      ];
    }),
  });
}

/** Pounds as the cap field shows them: '35' for whole pounds, '35.50' otherwise. */
export function capText(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  return rest === 0 ? String(pounds) : `${pounds}.${String(rest).padStart(2, '0')}`;
}

/** The cap the page shows: the customer's, or the default of this estimate. */
export function shownCap(form: EstimateForm, estimate: Estimate): string {
  return form.capIsDefault ? capText(estimate.defaultCapPence) : form.cap;
}

/**
 * Field messages of the form, with the API's field names and texts (shared/estimate.ts), so
 * the page says at once what placing the order would refuse. A cap left at the default is
 * always good.
 */
export function estimateFormErrors(form: EstimateForm): Record<string, string> {
  const errors: Record<string, string> = {};
  form.lines.forEach((l, i) => {
    if (wholeQuantity(l.quantity) === null) {
      errors[`estimate.items.${i}.quantity`] = capMessages.quantity;
    }
  });
  if (!form.capIsDefault) {
    const pence = parsePounds(form.cap);
    const problem = pence === null ? capMessages.notMoney : capProblem(pence);
    if (problem) errors.price_cap = problem;
  }
  return errors;
}

/**
 * The estimate as the API takes it (`estimate` of placeorder and promo/check): the listed lines
 * with whole quantities, or "not sure"; undefined when there is nothing to say.
 */
export function estimateInputOf(
  form: EstimateForm,
): { items: { service_id: number; quantity: number }[]; not_sure: boolean } | undefined {
  if (form.notSure) return { items: [], not_sure: true };
  const items = form.lines.flatMap((l) => {
    const quantity = wholeQuantity(l.quantity);
    return quantity === null ? [] : [{ service_id: l.serviceId, quantity }];
  });
  return items.length ? { items, not_sure: false } : undefined;
}
