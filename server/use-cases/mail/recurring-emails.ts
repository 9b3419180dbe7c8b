import type { Brand } from '@shared/brand';
import type { MailMessage } from '../../adapters/mail/mail-service';
import { renderEmail } from '../../adapters/mail/layout';

/*
 * The e-mails of repeat collections (issue 18, docs/decisions/036): each collection is
 * announced before it is booked, with signed links to skip it, pause or stop; and when no
 * window of the day had a place left, the customer is told it was not booked.
 */

export type RecurringMailFacts = {
  to: string;
  name: string;
  /** "Fri 27 Nov 2026". */
  collection: string;
  /** "09:00". */
  windowStart: string;
  /** "Wed 25 Nov". */
  bookingDay: string;
  /** "18:00 on Thu 26 Nov". */
  deadline: string;
  address: string;
  /** The signed page to skip, pause or stop (no login). */
  manageUrl: string;
  accountUrl: string;
};

export function recurringAnnouncementEmail(brand: Brand, facts: RecurringMailFacts): MailMessage {
  const content = renderEmail(brand, {
    heading: `Your repeat collection on ${facts.collection}`,
    paragraphs: [
      `Hello ${facts.name},`,
      `Your repeat collection is coming up: we will collect on ${facts.collection}, in the window from ${facts.windowStart}, and book it for you on ${facts.bookingDay}.`,
      `Not needed this time? Skip it, pause or stop your repeat collections with the button below (no login needed), until ${facts.deadline}.`,
    ],
    details: [
      { label: 'Collection', value: `${facts.collection}, from ${facts.windowStart}` },
      { label: 'Address', value: facts.address },
    ],
    action: { label: 'Skip, pause or stop', url: facts.manageUrl },
    secondaryAction: { label: 'Your repeat collections', url: facts.accountUrl },
  });
  return {
    to: facts.to,
    subject: `Your repeat collection on ${facts.collection}`,
    template: 'recurring-announced',
    ...content,
  };
}

export function recurringUnbookedEmail(
  brand: Brand,
  facts: Omit<RecurringMailFacts, 'bookingDay' | 'deadline'> & { reason: string },
): MailMessage {
  const content = renderEmail(brand, {
    heading: `We could not book your collection on ${facts.collection}`,
    paragraphs: [
      `Hello ${facts.name},`,
      `${facts.reason} So your repeat collection on ${facts.collection} is not booked. We are sorry.`,
      `Please book another time on our website, or call us on ${brand.phone}. Your next repeat collections are not affected.`,
    ],
    details: [{ label: 'Address', value: facts.address }],
    action: {
      label: 'Book a collection',
      url: facts.accountUrl.replace(/\/account\/recurring$/, '/'),
    },
    secondaryAction: { label: 'Your repeat collections', url: facts.accountUrl },
  });
  return {
    to: facts.to,
    subject: `We could not book your collection on ${facts.collection}`,
    template: 'recurring-unbooked',
    ...content,
  };
}
