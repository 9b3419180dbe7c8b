import type { ComponentProps } from 'react';
import { EXPRESS, SlotSelect } from './booking-sections';
import type { ListedSlot } from './booking-storage';
import type { BookingSlotPickers } from './slot-picker';

type PickerProps = ComponentProps<typeof BookingSlotPickers>;

/**
 * The booking form's collection and delivery slots: two selects, the form's fields (and the
 * whole control without JavaScript); once the page has hydrated, the slot picker for phones
 * (decision 035, its own chunk: `Pickers`) takes their place on screen, and the selects are
 * kept in step, unseen.
 */
export function SlotFields({
  id,
  Pickers,
  hydrated,
  openPickups,
  openDeliveries,
  ...picker
}: PickerProps & {
  id: string;
  Pickers: typeof BookingSlotPickers | null;
  hydrated: boolean;
  /** The windows that can be chosen (the same arrays until the slots change). */
  openPickups: ListedSlot[] | null;
  openDeliveries: ListedSlot[] | null;
}) {
  const { pickups, pickup, onPickup, deliveries, delivery, express, onDelivery, errors } = picker;
  const deliveryPlaceholder =
    deliveries === null && !hydrated
      ? 'Shown after you continue'
      : !pickup
        ? 'Choose a collection first'
        : deliveries === null
          ? 'Loading slots…'
          : 'Choose a delivery';
  return (
    <>
      {Pickers ? <Pickers {...picker} /> : null}
      {/* With the pickers on screen the selects are neither seen nor reached. */}
      <div className={Pickers ? 'sr-only' : ''} aria-hidden={Boolean(Pickers)}>
        <div className="mt-4 grid gap-4">
          <SlotSelect
            enhanced={Boolean(Pickers)}
            id={`${id}-pickup`}
            name="pickup"
            label="Collection slot"
            value={pickup}
            placeholder={pickups === null ? 'Loading slots…' : 'Choose a collection'}
            slots={openPickups}
            error={errors.pickup}
            onChange={onPickup}
          />
          <SlotSelect
            enhanced={Boolean(Pickers)}
            id={`${id}-delivery`}
            name="delivery"
            label="Delivery slot"
            value={express ? EXPRESS : delivery}
            placeholder={deliveryPlaceholder}
            slots={openDeliveries}
            // Without JavaScript the list comes with the first submit; until then it is empty.
            disabled={!pickup || deliveries === null}
            error={errors.delivery}
            onChange={onDelivery}
          />
        </div>
      </div>
    </>
  );
}
