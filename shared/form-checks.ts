import { PHONE_MAX_LENGTH } from './field-limits';
import { isUkPostcode } from './postcode';
import { hasControlCharacters, textMessages } from './text-rules';

/*
 * The rules of spec section 5 as the browser checks a form before sending it, without zod
 * (24 kB gzipped that the login, sign-up and checkout pages would otherwise load: decision
 * 041). The schemas of shared/validation.ts are built from the same messages and patterns and
 * stay the server's check; form-checks.test.ts holds both to the same first message per field.
 */

export const messages = {
  ukMobile: 'Please provide valid UK mobile number',
  password:
    'Minimum 8 characters, at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)',
  passwordMismatch: 'Password mismatch, please confirm password before submit',
  loginEmail: 'Please enter valid email id',
  loginPassword: 'Please enter password',
  deleteEmail: 'Please enter valid email id',
  deleteOtp: 'Please enter valid otp',
  name: 'Please enter your full name',
  nameTooLong: 'The name may be at most 100 characters',
  email: 'Please enter a valid email address',
  phoneRequired: 'Please enter your mobile number',
  phoneTooLong: 'The phone number may be at most 20 characters',
  passwordTooLong: 'The password may be at most 200 characters',
  currentPassword: 'Please enter your current password',
  mandatory: 'Please check mandatory fields.',
  street: 'Please enter the street address',
  postcode: 'Please enter a valid UK postcode',
  streetTooLong: 'The street address may be at most 200 characters',
  doorTooLong: 'The flat or door may be at most 50 characters',
  townTooLong: 'The town may be at most 100 characters',
  companyTooLong: 'The company may be at most 200 characters',
  addressTypeTooLong: 'The address type may be at most 50 characters',
} as const;

/**
 * UK mobile: an optional 0 (or +44), then 7 and three digits, then three and three digits,
 * with optional spaces or brackets: 07700 900123, 7700900123, (07700) 900 123, +44 7700 900123.
 */
export const ukMobilePattern = /^(?:\(?(?:\+44\s?|0)?7\d{3}\)?)\s?\d{3}\s?\d{3}$/;

/** At least 8 characters with an upper-case letter, a lower-case letter, a digit and one of @$!%*?&. */
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;

/** An e-mail address as zod's `z.email()` accepts it (its default pattern). */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isUkMobile(value: string): boolean {
  return ukMobilePattern.test(value.trim());
}

type Fields = Record<string, unknown>;
type Problems = Record<string, string>;

/** A field's value as the schemas read it: a string, else nothing (the "missing" message). */
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : null;

/** One field's first problem: missing, control characters, then the field's own rules. */
function check(value: unknown, missing: string, rules: (v: string) => string | null) {
  const v = str(value);
  if (v === null) return missing;
  if (hasControlCharacters(v)) return textMessages.control;
  return rules(v);
}

const add = (problems: Problems, field: string, problem: string | null) => {
  if (problem) problems[field] = problem;
};

const emailRule = (message: string, max?: number) => (v: string) => {
  const t = v.trim();
  return !t || (max !== undefined && t.length > max) || !emailPattern.test(t) ? message : null;
};

/** The login's e-mail step (loginEmailSchema). */
export function loginEmailProblems(form: Fields): Problems {
  const problems: Problems = {};
  add(problems, 'email', check(form.email, messages.loginEmail, emailRule(messages.loginEmail)));
  return problems;
}

/** The login's password step (loginSchema). */
export function loginProblems(form: Fields): Problems {
  const problems = loginEmailProblems(form);
  const password = (v: string) => (v.length < 1 ? messages.loginPassword : null);
  add(problems, 'password', check(form.password, messages.loginPassword, password));
  return problems;
}

/** A new customer's details with the password typed twice (registrationFormSchema). */
export function registrationFormProblems(form: Fields): Problems {
  const problems: Problems = {};
  add(
    problems,
    'name',
    check(form.name, messages.name, (v) => {
      const t = v.trim();
      return !t ? messages.name : t.length > 100 ? messages.nameTooLong : null;
    }),
  );
  add(problems, 'email', check(form.email, messages.email, emailRule(messages.email, 254)));
  add(
    problems,
    'phone',
    check(form.phone, messages.phoneRequired, (v) => {
      const t = v.trim();
      if (!t) return messages.phoneRequired;
      if (t.length > PHONE_MAX_LENGTH) return messages.phoneTooLong;
      return isUkMobile(t) ? null : messages.ukMobile;
    }),
  );
  add(
    problems,
    'password',
    check(form.password, messages.password, (v) =>
      v.length > 200
        ? messages.passwordTooLong
        : passwordPattern.test(v)
          ? null
          : messages.password,
    ),
  );
  add(
    problems,
    'password_confirmation',
    check(form.password_confirmation, messages.passwordMismatch, () => null),
  );
  // As the schema's refinement: compared unless a field is missing or has control characters.
  const aborted = ['name', 'email', 'phone', 'password', 'password_confirmation'].some((field) => {
    const v = str(form[field]);
    return v === null || hasControlCharacters(v);
  });
  if (!aborted && form.password !== form.password_confirmation) {
    problems.password_confirmation = messages.passwordMismatch;
  }
  return problems;
}

/** An address as our forms send it (structuredAddressSchema). */
export function addressProblems(form: Fields): Problems {
  const problems: Problems = {};
  const optional = (field: string, max: number, message: string) => {
    if (form[field] === undefined) return;
    add(
      problems,
      field,
      check(form[field], message, (v) => (v.trim().length > max ? message : null)),
    );
  };
  optional('door_number', 50, messages.doorTooLong);
  add(
    problems,
    'line1',
    check(form.line1, messages.street, (v) => {
      const t = v.trim();
      return !t ? messages.street : t.length > 200 ? messages.streetTooLong : null;
    }),
  );
  optional('line2', 200, messages.streetTooLong);
  optional('town', 100, messages.townTooLong);
  add(
    problems,
    'postcode',
    check(form.postcode, messages.postcode, (v) =>
      isUkPostcode(v.trim()) ? null : messages.postcode,
    ),
  );
  optional('company', 200, messages.companyTooLong);
  optional('address_type', 50, messages.addressTypeTooLong);
  return problems;
}
