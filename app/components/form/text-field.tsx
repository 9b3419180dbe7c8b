import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlClass, Field, type FieldProps } from './field';

/** The frame's props that a field takes besides its control's attributes. */
type Framed = FieldProps & {
  /** The wrapper's classes (`className` is the control's, added to the kit's). */
  fieldClassName?: string;
  className?: string;
};

/** A field's props parted: the frame's, the control's classes, the control's attributes. */
function parted<P extends Framed>(props: P) {
  const { id, label, error, hint, note, labelClassName, fieldClassName, className, ...control } =
    props;
  const frame = { id, label, error, hint, note, labelClassName, className: fieldClassName };
  return [frame, controlClass(className), control] as const;
}

/** A labelled input with its hint, error and note (the kit's Field around an <input>). */
export function TextField({
  ref,
  ...props
}: Framed & { ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, className, input] = parted(props);
  return (
    <Field {...frame}>
      {(control) => <input ref={ref} className={className} {...control} {...input} />}
    </Field>
  );
}

/** A labelled <textarea> with its hint and error. */
export function TextAreaField(props: Framed & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [frame, className, textarea] = parted(props);
  return (
    <Field {...frame}>
      {(control) => <textarea className={className} {...control} {...textarea} />}
    </Field>
  );
}

/** A labelled <select> with its hint and error; `children` are its options. */
export function SelectField({
  children,
  ...props
}: Framed & SelectHTMLAttributes<HTMLSelectElement>) {
  const [frame, className, select] = parted(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select className={className} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
