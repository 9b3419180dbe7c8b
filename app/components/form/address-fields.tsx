import type { FieldLinks } from './error-summary';
import { TextField } from './text-field';

/** The address typed by hand, under the API's names. */
export type TypedAddress = { line1: string; postcode: string };

const labels: TypedAddress = { line1: 'Building number and street', postcode: 'Postcode' };

/**
 * The address typed by hand: building number and street, and postcode (the only way before
 * JavaScript runs, a choice beside the address search once it does). `inline` sets the two side
 * by side with small labels, under the form's own "Your address" legend (the home booking form).
 */
export function AddressFields({
  idPrefix,
  values,
  errors = {},
  invalid = {},
  inline = false,
  onChange,
  onPostcodeBlur,
  onSearch,
}: {
  idPrefix: string;
  values: TypedAddress;
  errors?: Partial<TypedAddress>;
  /** Marked invalid before there is a message (a postcode typed that is not one). */
  invalid?: Partial<Record<keyof TypedAddress, boolean>>;
  inline?: boolean;
  onChange: (field: keyof TypedAddress, value: string) => void;
  onPostcodeBlur?: () => void;
  /** Back to the address search; absent where there is none (before JavaScript runs). */
  onSearch?: () => void;
}) {
  const labelClassName = inline ? 'mb-1 block text-xs text-slate-600' : undefined;
  const marked = (field: keyof TypedAddress) =>
    invalid[field] ? { 'aria-invalid': true as const } : {};
  const fields = (
    <>
      <TextField
        id={`${idPrefix}-street`}
        label={labels.line1}
        name="line1"
        labelClassName={labelClassName}
        fieldClassName={inline ? 'sm:col-span-2' : undefined}
        placeholder="e.g. 31 Warrington Crescent"
        autoComplete="address-line1"
        value={values.line1}
        error={errors.line1}
        onChange={(e) => onChange('line1', e.target.value)}
        {...marked('line1')}
      />
      <TextField
        id={`${idPrefix}-postcode`}
        label={labels.postcode}
        name="postcode"
        labelClassName={labelClassName}
        className="uppercase"
        placeholder="W9 1ED"
        autoComplete="postal-code"
        value={values.postcode}
        error={errors.postcode}
        onChange={(e) => onChange('postcode', e.target.value)}
        onBlur={onPostcodeBlur}
        {...marked('postcode')}
      />
    </>
  );
  return (
    <>
      {inline ? <div className="grid gap-3 sm:grid-cols-3">{fields}</div> : fields}
      {onSearch ? (
        <button
          type="button"
          className={`${inline ? 'mt-2 ' : ''}text-sm font-medium text-brand underline`}
          onClick={onSearch}
        >
          Search for my address instead
        </button>
      ) : null}
    </>
  );
}

/** The error summary's links to the typed address. */
export function addressLinks(idPrefix: string): FieldLinks {
  return {
    line1: { id: `${idPrefix}-street`, label: labels.line1 },
    postcode: { id: `${idPrefix}-postcode`, label: labels.postcode },
  };
}

/** What the whole address reads so far: the door number field's note. */
export function AddressPreview({ lead, address }: { lead: string; address: string }) {
  return (
    <p className="mt-1.5 text-sm text-slate-600">
      {lead}: <span className="font-medium text-slate-900">{address}</span>
    </p>
  );
}
