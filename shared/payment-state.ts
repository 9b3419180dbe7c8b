/**
 * An order's payment state in words for people (walkthrough 24: staff read "card saved", never
 * the stored code "card_saved").
 */
const WORDS: Record<string, string> = {
  none: 'no card or PayPal yet',
  card_saved: 'card saved',
  paypal_verified: 'PayPal verified',
  invoiced: 'invoice sent',
  paid: 'paid',
  authentication_required: 'the bank asked the customer to confirm',
  charge_failed: 'the card was declined',
};

export function paymentStateWords(state: string): string {
  return WORDS[state] ?? state.replaceAll('_', ' ');
}
