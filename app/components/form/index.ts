/*
 * The website's form kit (issue 14). A form is a React Router <Form method="post"> answered
 * by its route's `action`, so it works before hydration and without JavaScript; with
 * JavaScript the same post goes by fetch and the page updates in place.
 *
 * - The action reads the post with form-action.server.ts: `formFields`, `parseFields` (the
 *   API's schema and messages), and answers a refusal with `formFailure` (the API's status,
 *   message and field messages, as `{ ok: false, errors: FormErrors }`), or a 303.
 * - The page shows a refusal with <ErrorSummary> at the top (links to the fields) and each
 *   field's message on its <TextField> (aria-invalid, aria-describedby).
 * - `formErrors` reads the API's error shape the same way for fetch-based forms.
 */
export { TextField } from './text-field';
export { ErrorSummary, type FieldLinks } from './error-summary';
export {
  PersonalDetailsFields,
  personalDetailsLinks,
  type PersonalDetails,
} from './personal-details';
export { formErrors, type FormErrors } from './form-errors';
export { useHydrated } from './use-hydrated';
export { useTypedValue } from './use-typed-value';
