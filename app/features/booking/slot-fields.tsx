import { EXPRESS_START, type PickerSlot } from '@shared/slot-picker';
import { SlotPicker } from './slot-picker';

/**
 * The booking form's collection and delivery slots, two slot pickers whose radios are the
 * form's fields `pickup` and `delivery` (issue 31, decision 048), in the server's HTML, so they
 * work before hydration and without JavaScript. The delivery's days come after the turnaround:
 * without JavaScript with the first submit (the server's list for the chosen collection), with
 * it at once; same day is a chip of its own, booked by phone.
 */
export function SlotFields(props: {
  hydrated: boolean;
  /** Today's London date as the page's loader saw it. */
  today: string;
  pickups: readonly PickerSlot[] | null;
  pickup: string;
  /** Stable across renders (the pickers' windows are memoised). */
  onPickup: (value: string) => void;
  deliveries: readonly PickerSlot[] | null;
  delivery: string;
  express: boolean;
  /** Stable across renders. */
  onDelivery: (value: string) => void;
  errors: { pickup?: string; delivery?: string };
}) {
  const { pickup, deliveries } = props;
  return (
    <div className="mt-4 grid gap-5">
      <SlotPicker
        id="pickup-picker"
        name="pickup"
        label="Collection slot"
        value={pickup}
        placeholder={props.pickups === null ? 'Loading slots…' : 'No collection slots free'}
        slots={props.pickups}
        error={props.errors.pickup}
        onChange={props.onPickup}
        today={props.today}
      />
      <SlotPicker
        id="delivery-picker"
        name="delivery"
        label="Delivery slot"
        value={props.delivery}
        placeholder={
          deliveries === null && !props.hydrated
            ? 'Shown after you continue'
            : !pickup
              ? 'Choose a collection first'
              : deliveries === null
                ? 'Loading slots…'
                : 'No delivery slots free'
        }
        slots={pickup ? deliveries : null}
        error={props.errors.delivery}
        onChange={props.onDelivery}
        express={
          pickup && deliveries?.some((s) => s.slot_start === EXPRESS_START) ? props.express : null
        }
        today={props.today}
        postEmpty
      />
    </div>
  );
}
