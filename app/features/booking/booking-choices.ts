import { publicRoutes as routes } from '@shared/api/public-routes';
import { call } from '~/utils/api-client';
import { againBooking, type RepeatedOrder } from './book-again';
import type { BookingValues } from './booking-params';
import { DIFFERENT_ADDRESS, type SavedAddressOption } from './saved-address-choice';

/*
 * The signed-in customer's part of a shared page's booking form (decision 042): the page is
 * the same bytes for everybody, so their address book and the order they book again are asked
 * for by the browser once the form runs (GET /api/account/booking-choices), and only when the
 * page's marker says someone is signed in (signed-in-marker.ts), so nobody else makes a
 * request that can only be refused. Without JavaScript the checkout fills the address from the
 * address book or the order (features/booking/checkout/booking.server.ts).
 */

export type BookingChoices = { saved: SavedAddressOption[]; again: RepeatedOrder | null };

export async function fetchBookingChoices(againId: string): Promise<BookingChoices | null> {
  if (!document.documentElement.classList.contains('signed-in')) return null;
  const reply = await call(routes.addressBook.bookingChoices, {
    query: againId ? { again: againId } : {},
  });
  return reply.ok ? { saved: reply.data.saved, again: reply.data.again } : null;
}

/**
 * How the form starts from the choices: the order booked again fills it as the server's answer
 * would (`values`), else the most recent saved address is chosen; a form the visitor has
 * already typed in keeps what they typed and offers the address book beside it. Pure.
 */
export function startFromChoices(
  choices: BookingChoices,
  typed: boolean,
): {
  saved: SavedAddressOption[];
  values: BookingValues | null;
  chosen: string;
  notes: string;
  again: string;
} {
  const { saved } = choices;
  if (choices.again) {
    const booking = againBooking(choices.again, saved);
    return {
      saved,
      values: typed ? null : booking.server.values,
      chosen: typed && saved.length > 0 ? DIFFERENT_ADDRESS : (booking.server.values.saved ?? ''),
      notes: booking.notes,
      again: booking.again,
    };
  }
  const chosen = saved.length === 0 ? '' : typed ? DIFFERENT_ADDRESS : saved[0]!.id;
  return { saved, values: null, chosen, notes: '', again: '' };
}
