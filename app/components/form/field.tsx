import type { ReactNode } from 'react';

/** What a field's control carries to be tied to its label, hint, note and error. */
export type FieldControl = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldProps = {
  id: string;
  label: string;
  error?: string;
  /** Help under the control, until there is an error to show instead. */
  hint?: ReactNode;
  /** Shown under the control, error or not (what the address reads so far, a search's result). */
  note?: ReactNode;
  /** The label's look: `field-label`, or a group's smaller or hidden label. */
  labelClassName?: string;
};

/**
 * The one frame of every form field: the label, the control, then its hint or its error and
 * its note. The error is tied to the control (aria-invalid, aria-describedby) and the control's
 * id is what the error summary links to. `children` draws the control with the ids given.
 */
export function Field({
  id,
  label,
  error,
  hint,
  note,
  labelClassName = 'field-label',
  className,
  children,
}: FieldProps & {
  /** The wrapper's classes (its place in the form's layout). */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const showHint = Boolean(hint) && !error;
  const describedBy = [error && `${id}-error`, showHint && `${id}-hint`, note && `${id}-note`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {showHint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {note ? <div id={`${id}-note`}>{note}</div> : null}
    </div>
  );
}

/** The control's classes: the kit's look plus the caller's own. */
export const controlClass = (own?: string) => (own ? `field-input ${own}` : 'field-input');
