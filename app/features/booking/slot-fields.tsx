import type { ComponentProps } from 'react';
import { BookingSlotPickers } from './slot-picker';

type PickerProps = Omit<ComponentProps<typeof BookingSlotPickers>, 'deliveryPlaceholder'>;

/**
 * The booking form's collection and delivery slots: the slot picker's radios are the form's
 * fields `pickup` and `delivery` (issue 31, decision 045), in the server's HTML, so they work
 * before hydration and without JavaScript. Without JavaScript the delivery windows come with
 * the first submit (the server's list for the chosen collection); with it, at once.
 */
export function SlotFields({ hydrated, ...picker }: PickerProps & { hydrated: boolean }) {
  const { pickup, deliveries } = picker;
  const deliveryPlaceholder =
    deliveries === null && !hydrated
      ? 'Shown after you continue'
      : !pickup
        ? 'Choose a collection first'
        : deliveries === null
          ? 'Loading slots…'
          : 'No delivery slots free';
  return <BookingSlotPickers {...picker} deliveryPlaceholder={deliveryPlaceholder} />;
}
