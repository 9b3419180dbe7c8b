import { formatPence } from '@shared/money';

/**
 * How the catalogue shows money: a price as the spec's string ('12.50'; '0.00' means call for
 * price), in the public price list and in the back office's forms alike. The catalogue's
 * reads keep pence and call this; money is formatted in presenters, not in use-cases.
 */
export function priceView(pence: number): string {
  return formatPence(pence);
}
