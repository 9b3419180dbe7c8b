import { Link } from 'react-router';
import type { BookingChoice } from '~/features/booking/booking-storage';

/** The booking beside every checkout step, with the way back to change it. */
export function BookingSummary({
  booking,
  address,
  changeHref,
}: {
  booking: BookingChoice;
  address: string;
  changeHref: string;
}) {
  return (
    <aside aria-labelledby="summary-title" className="card self-start">
      <h2 id="summary-title" className="text-lg font-semibold">
        Your booking
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-slate-500">Address</dt>
          <dd className="font-medium text-slate-900">{address}</dd>
        </div>
        {booking.location.access_notes ? (
          <div>
            <dt className="text-slate-500">Access notes</dt>
            <dd className="font-medium break-words text-slate-900">
              {booking.location.access_notes}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-slate-500">Collection</dt>
          <dd className="font-medium text-slate-900">{booking.details.pickup.display}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Delivery</dt>
          <dd className="font-medium text-slate-900">{booking.details.delivery.display}</dd>
        </div>
      </dl>
      <Link
        to={changeHref}
        className="mt-4 inline-block text-sm font-semibold text-brand underline"
      >
        Change address or slots
      </Link>
    </aside>
  );
}
