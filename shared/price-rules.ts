import { formatGbpInText, MINIMUM_ORDER_PENCE } from './money';

/** "£25": the minimum order as the copy writes it, from the rule (spec 9). */
export const minimumOrder = formatGbpInText(MINIMUM_ORDER_PENCE);

/**
 * How the final price is worked out, stated next to the prices (UK price transparency, in
 * force from April 2025: the minimum charge with the prices, and how a price that cannot be
 * known in advance is worked out, as prominently). One text, shown by
 * app/components/final-price-rules.tsx on the pricing page, the checkout summary and the
 * payment page.
 */
export const finalPriceRules = {
  title: 'How your final price is worked out',
  points: [
    'We count and check your items at the shop and charge the listed price for each, VAT included. Collection and delivery are free.',
    `The minimum order is ${minimumOrder}: if your items come to less, we charge ${minimumOrder}.`,
    'Items marked “Call for price” are priced at the shop once we have seen them; they are not in your estimate.',
    'You choose a price cap when you book: we charge your card automatically up to it and ask you before charging more.',
  ],
} as const;
