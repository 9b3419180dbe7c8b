import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlClass, Field, type FieldProps } from './field';

/** The frame's props that a field takes besides its control's attributes. */
type Framed = FieldProps & {
  /** The wrapper's classes (`className` is the control's, added to the kit's). */
  fieldClassName?: string;
};

/** A labelled input with its hint, error and note (the kit's Field around an <input>). */
export function TextField({
  id,
  label,
  error,
  hint,
  note,
  labelClassName,
  fieldClassName,
  className,
  ref,
  ...input
}: Framed & { ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field {...{ id, label, error, hint, note, labelClassName }} className={fieldClassName}>
      {(control) => <input ref={ref} className={controlClass(className)} {...control} {...input} />}
    </Field>
  );
}

/** A labelled <textarea> with its hint and error. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  note,
  labelClassName,
  fieldClassName,
  className,
  ...textarea
}: Framed & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field {...{ id, label, error, hint, note, labelClassName }} className={fieldClassName}>
      {(control) => <textarea className={controlClass(className)} {...control} {...textarea} />}
    </Field>
  );
}

/** A labelled <select> with its hint and error; `children` are its options. */
export function SelectField({
  id,
  label,
  error,
  hint,
  note,
  labelClassName,
  fieldClassName,
  className,
  children,
  ...select
}: Framed & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field {...{ id, label, error, hint, note, labelClassName }} className={fieldClassName}>
      {(control) => (
        <select className={controlClass(className)} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
