import type { Dispatch, RefObject } from 'react';
import { formatAddress } from '@shared/address';
import { isUkPostcode } from '@shared/postcode';
import type { AddressChoice, AddressEvent } from './address-choice';
import { AddressSearch } from './address-search';
import { ChosenAddressInputs, DoorField, ManualAddress, NotServedPanel } from './booking-sections';
import type { SelectedLocation } from './booking-storage';
import type { SavedAddressOption } from './saved-address-choice';
import type { Coverage } from './use-booking-slots';

/**
 * The booking form's address step: the address-book entry chosen, the address search, or the
 * address typed by hand (always, before the page hydrates); whether we collect there; the
 * door, with the whole address as the driver will read it; and the access notes.
 */
export function AddressStep({
  id,
  choice,
  dispatch,
  usingSaved,
  manual,
  hydrated,
  where,
  errors,
  coverage,
  onCoverage,
  onCoverageUnknown,
  blockRef,
  reservedHeight,
  onRelease,
  phone,
  phoneE164,
}: {
  id: string;
  choice: AddressChoice;
  dispatch: Dispatch<AddressEvent>;
  /** The address-book entry chosen, or null. */
  usingSaved: SavedAddressOption | null;
  /** The address is typed by hand (chosen, or no JavaScript yet). */
  manual: boolean;
  hydrated: boolean;
  /** The address booked, once complete (chosenLocation). */
  where: SelectedLocation | null;
  errors: Record<string, string>;
  coverage: Coverage;
  /** Asks whether we collect at a postcode. */
  onCoverage: (postcode: string) => void;
  onCoverageUnknown: () => void;
  blockRef: RefObject<HTMLDivElement | null>;
  /** The height the address keeps from the server's HTML until the visitor first touches it. */
  reservedHeight: number | null;
  onRelease: () => void;
  phone: string;
  phoneE164: string;
}) {
  const preview = where ? formatAddress({ ...where, door_number: choice.door }) : '';
  return (
    <>
      <div
        ref={blockRef}
        onPointerDown={onRelease}
        onKeyDown={onRelease}
        // The browser's autofill types without keys.
        onInput={onRelease}
        style={
          reservedHeight !== null && !manual && !(usingSaved && hydrated)
            ? { minHeight: reservedHeight }
            : undefined
        }
      >
        {usingSaved && hydrated ? (
          <ChosenAddressInputs address={usingSaved} notes={usingSaved} />
        ) : !manual ? (
          <div className="mt-4">
            <AddressSearch
              label="Your address or postcode"
              placeholder="e.g. W9 2HD or 12 Elgin Avenue"
              initialText={choice.searchText}
              error={errors.address}
              onPick={(found) => {
                dispatch({ type: 'found', found });
                onCoverage(found.postcode);
              }}
              onEdit={() => {
                dispatch({ type: 'search-edited' });
                onCoverageUnknown();
              }}
              onManual={() => dispatch({ type: 'manual', manual: true })}
            />
            {reservedHeight !== null && (
              // In the room kept for the hand-typed address (stacked, so taller, on a phone).
              <p className="mt-2 text-sm text-slate-600 sm:hidden">
                Type your postcode or street, then choose your address from the list.
              </p>
            )}
            {choice.found && <ChosenAddressInputs address={choice.found} />}
          </div>
        ) : (
          <ManualAddress
            id={id}
            street={choice.street}
            postcode={choice.postcode}
            error={errors.address}
            onStreet={(street) => dispatch({ type: 'street', street })}
            onPostcode={(postcode) => {
              dispatch({ type: 'postcode', postcode });
              onCoverageUnknown();
            }}
            onPostcodeDone={() => {
              if (isUkPostcode(choice.postcode)) onCoverage(choice.postcode);
            }}
            onSearch={hydrated ? () => dispatch({ type: 'manual', manual: false }) : undefined}
          />
        )}
      </div>

      {coverage.state === 'served' && (
        <p className="mt-2 text-sm font-medium text-emerald-700" role="status">
          ✓ We collect in {coverage.area}.
        </p>
      )}
      {coverage.state === 'not-served' && (
        <NotServedPanel
          id={id}
          message={coverage.message}
          postcode={
            usingSaved
              ? usingSaved.postcode
              : manual
                ? choice.postcode
                : (choice.found?.postcode ?? '')
          }
          phone={phone}
          phoneE164={phoneE164}
          interactive={hydrated}
        />
      )}

      {!usingSaved && where?.building ? (
        <input type="hidden" name="building" value={where.building} />
      ) : null}
      {!usingSaved && where?.access_notes ? (
        <input type="hidden" name="access_notes" value={where.access_notes} />
      ) : null}
      <DoorField
        id={id}
        door={choice.door}
        error={errors.door}
        preview={preview}
        onDoor={(door) => dispatch({ type: 'door', door })}
      />
      {where?.access_notes ? (
        <p className="mt-2 text-sm break-words text-slate-600">
          Access notes: <span className="font-medium text-slate-900">{where.access_notes}</span>
        </p>
      ) : null}
    </>
  );
}
