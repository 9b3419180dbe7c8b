import type { AppOfferRefusal } from '@shared/app-offer';
import type { AppliedCode } from '@shared/promo-discount';
import type { EstimateForm } from './estimate-form';

/** What the checkout's steps show, shared by its action and its components. */
export type CheckoutDetails = { name: string; phone: string; email: string; notes: string };

export type CheckoutAlert = { tone: 'error' | 'success'; text: string };

export type CheckoutResult = {
  /** 1 details, 2 summary, 'failed' the order could not be placed (placed: a 303 away). */
  step: 1 | 2 | 'failed';
  details: CheckoutDetails;
  errors: Record<string, string>;
  alert: CheckoutAlert | null;
  checkoutToken?: string;
  /** The idempotency key of this visit of the summary: a repeated submit gets the same order. */
  attempt?: string;
  /** The summary's estimate and cap as posted (issue 15). */
  estimate?: EstimateForm;
  /** "Text me updates" as posted (issue 17): sms, whatsapp or none. */
  textUpdates?: string;
  /** The promo or referral code as posted (issue 18). */
  promoCode?: string;
  /** The code Apply accepted without JavaScript (issue 31): its line in the estimate. */
  applied?: AppliedCode | null;
  /** Issue 33: the app's offer ticked as posted (from the installed app). */
  appOffer?: boolean;
  /** Issue 33: why placing refused the app's offer, by its code (its message in `errors`). */
  appOfferRefusal?: AppOfferRefusal;
};

export const checkoutMessages = {
  mandatory: 'Please check mandatory fields.',
  taken:
    'Oops! It seems like that email has already been taken. Please log in to your existing account',
  created: 'Your account is successfully created, please login to your account.',
  noDetails: 'Please fill in your details first, then place the order.',
} as const;

export const STEP_TITLES = ['Customer Details', 'Order Summary', 'Done'];
/** The progress values of spec 4 for steps 1 to 3. */
export const PROGRESS = [33.3, 66.66, 99.99];
