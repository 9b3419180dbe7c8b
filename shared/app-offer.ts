import { builtInOfferRule, type PromoRule } from './promo';

/*
 * The app's offer (issue 33, decision 061): the spec's "30% off your first app order". An order
 * placed from the installed app (display-mode standalone, sent as the order's `source`) may
 * claim it: the brand's `appDiscountPercent` off the cleaning, taken off at invoicing like a
 * promo code's percentage (from the items, the £25 minimum then applying to the total,
 * decision 037), on its own invoice line. Once per person: their customer, e-mail, phone and
 * home (shared/same-person.ts). Not with another first-order offer (a first-order code, a
 * friend's referral); and since an order carries one offer on its invoice's discount line,
 * not with any other code either. Pure: the server counts, this decides.
 */

/** Where an order was placed: the site in a browser tab, or the installed app. */
export const ORDER_SOURCES = ['web', 'app'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** "30% off your first app order", from the brand's number. */
export function appOfferText(percent: number): string {
  return `${percent}% off your first app order`;
}

/** The invoice line's words. */
export function appOfferLabel(percent: number): string {
  return `App discount (${appOfferText(percent)})`;
}

/** The offer as the promo rules price it: a percentage, no minimum spend of its own. */
export function appOfferRule(percent: number): PromoRule {
  // Not "first order only" in the promo sense: the app's own rules (checkAppOffer) decide.
  return builtInOfferRule('APP', { kind: 'percent', percentOff: percent }, false);
}

export const APP_OFFER_REFUSALS = [
  'app-offer-app-only',
  'app-offer-used',
  'app-offer-not-combined',
] as const;
export type AppOfferRefusal = (typeof APP_OFFER_REFUSALS)[number];

/** Whether an error's code is one of the offer's refusals (the checkout shows it by the offer). */
export function isAppOfferRefusal(code: string): code is AppOfferRefusal {
  return (APP_OFFER_REFUSALS as readonly string[]).includes(code);
}

export type AppOfferCheck = { ok: true } | { ok: false; code: AppOfferRefusal; message: string };

export const appOfferMessages = {
  appOnly: (percent: number) =>
    `The ${appOfferText(percent)} is for orders placed from our app, installed on your phone.`,
  used: (percent: number) =>
    `You have already had the ${appOfferText(percent)}: it is once per customer, phone number and card.`,
  usedCard: (percent: number) =>
    `The ${appOfferText(percent)} was already had with this card on another account: it is once per customer, phone number and card, so this order is at the usual price.`,
  notCombined: (percent: number) =>
    `The ${appOfferText(percent)} cannot be combined with another offer or a friend’s referral: remove the code to keep it.`,
};

/**
 * Whether an order may claim the app's offer. `earlierClaims`: the person's orders (not
 * cancelled) that had it, by any of their keys; `otherOffer`: the order also carries a
 * promo code (a first-order one among them) or a friend's referral.
 */
export function checkAppOffer(
  percent: number,
  ctx: { source: OrderSource; earlierClaims: number; otherOffer: boolean },
): AppOfferCheck {
  if (ctx.source !== 'app') {
    return { ok: false, code: 'app-offer-app-only', message: appOfferMessages.appOnly(percent) };
  }
  if (ctx.otherOffer) {
    return {
      ok: false,
      code: 'app-offer-not-combined',
      message: appOfferMessages.notCombined(percent),
    };
  }
  if (ctx.earlierClaims > 0) {
    return { ok: false, code: 'app-offer-used', message: appOfferMessages.used(percent) };
  }
  return { ok: true };
}
