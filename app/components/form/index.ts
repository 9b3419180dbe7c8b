export { TextField } from './text-field';
export { ErrorSummary, type FieldLinks } from './error-summary';
export {
  PersonalDetailsFields,
  personalDetailsLinks,
  type PersonalDetails,
} from './personal-details';
export { formErrors, type FormErrors } from './form-errors';
export { useHydrated } from './use-hydrated';
