/*
 * The website's form kit (issue 14). A form is a React Router <Form method="post"> answered
 * by its route's `action`, so it works before hydration and without JavaScript; with
 * JavaScript the same post goes by fetch and the page updates in place.
 *
 * - The action reads the post with form-action.server.ts: `formFields`, `parseFields` (the
 *   API's schema and messages), and answers a refusal with `formFailure` (the API's status,
 *   message and field messages, as `{ ok: false, errors: FormErrors }`), or a 303.
 * - The page shows a refusal with <ErrorSummary> at the top (links to the fields) and each
 *   field's message on its field (aria-invalid, aria-describedby). Every field is drawn by
 *   <Field> (label, control, hint or error, note): <TextField>, <TextAreaField>,
 *   <SelectField>, or a control of its own (the address search) as Field's child.
 * - Groups: <PersonalDetailsFields> (name, e-mail, mobile) and <AddressFields> (street and
 *   postcode typed by hand), with their error summary links.
 * - `formErrors` reads the API's error shape the same way for fetch-based forms.
 */
export { Field, type FieldControl, type FieldProps } from './field';
export { SelectField, TextAreaField, TextField } from './text-field';
export { AddressFields, AddressPreview, addressLinks, type TypedAddress } from './address-fields';
export { ErrorSummary, type FieldLinks } from './error-summary';
export {
  PersonalDetailsFields,
  personalDetailsLinks,
  type PersonalDetails,
} from './personal-details';
export { formErrors, type FormErrors } from './form-errors';
export { useHydrated } from './use-hydrated';
export { useTypedValue } from './use-typed-value';
