import { z } from 'zod';
import { acceptsShapes } from './api/documented-as';
import { text } from './text';
import { isUkPostcode, normalisePostcode } from './postcode';
import { PHONE_MAX_LENGTH } from './field-limits';
import { isUkMobile, messages, passwordPattern, ukMobilePattern } from './form-checks';

// zod compiles fast parsers with `new Function` when it may; our Content-Security-Policy
// forbids eval in the browser, so parse without it everywhere (same results, no violation).
z.config({ jitless: true });

/*
 * The validation rules of spec section 5 as zod schemas: the server's check of every request
 * and form post. Messages are the spec's wording where it has one, kept with the browser's
 * zod-free checks (shared/form-checks.ts). Field names are the API's (spec sections 3 and 7).
 */

export { messages, ukMobilePattern, passwordPattern, isUkMobile, PHONE_MAX_LENGTH };

/** 07700 900123 and +44 7700 900123 are the same phone: stored as 07700900123. */
export function normaliseUkMobile(value: string): string {
  const digits = value.replace(/[^\d+]/g, '');
  if (digits.startsWith('+44')) return `0${digits.slice(3)}`;
  if (digits.startsWith('7')) return `0${digits}`;
  return digits;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const email = text({ error: messages.email })
  .trim()
  .min(1, messages.email)
  .max(254, messages.email)
  .pipe(z.email({ error: messages.email }))
  .transform(normaliseEmail);

const fullName = text({ error: messages.name })
  .trim()
  .min(1, messages.name)
  .max(100, messages.nameTooLong);

const ukMobile = text({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(PHONE_MAX_LENGTH, messages.phoneTooLong)
  .refine(isUkMobile, messages.ukMobile);

const newPassword = text({ error: messages.password })
  .max(200, messages.passwordTooLong)
  .regex(passwordPattern, messages.password);

export const fields = { email, fullName, ukMobile, newPassword };

// ─── Login (spec 2 'Login', 4 'Login') ──────────────────────────────────────

export const loginEmailSchema = z.object({
  email: text({ error: messages.loginEmail })
    .trim()
    .min(1, messages.loginEmail)
    .pipe(z.email({ error: messages.loginEmail }))
    .transform(normaliseEmail),
});

export const loginSchema = loginEmailSchema.extend({
  password: text({ error: messages.loginPassword }).min(1, messages.loginPassword),
});

export const passwordResetRequestSchema = loginEmailSchema;

/** What the newsletter box says once an address is subscribed (the API and the page). */
export const newsletterSubscribed = 'Thank you for subscribing.';

/** The footer's newsletter box: POST /api/newsletter and the /newsletter page's action. */
export const newsletterSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
});

export const passwordResetSchema = z
  .object({
    token: text().min(1),
    password: newPassword,
    password_confirmation: text({ error: messages.passwordMismatch }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

// ─── Customer details: checkout step 1 and sign-up ──────────────────────────

/** A guest's details (spec 5: password rules apply to registered customers only). */
export const guestDetailsSchema = z.object({
  name: fullName,
  phone: ukMobile,
  email,
  notes: text().trim().max(1000, 'Notes may be at most 1000 characters').optional(),
});

/** An address as our forms send it: its parts, the flat or door apart (shared/address.ts). */
export const structuredAddressSchema = z.object({
  door_number: text().trim().max(50, messages.doorTooLong).optional().default(''),
  line1: text().trim().min(1, messages.street).max(200, messages.streetTooLong),
  line2: text().trim().max(200, messages.streetTooLong).optional().default(''),
  town: text().trim().max(100, messages.townTooLong).optional().default('London'),
  postcode: text()
    .trim()
    .refine(isUkPostcode, messages.postcode)
    .transform((v) => normalisePostcode(v)!),
  company: text().trim().max(200, messages.companyTooLong).optional().default(''),
  address_type: text()
    .trim()
    .max(50, messages.addressTypeTooLong)
    .optional()
    .default('Residential'),
});

/**
 * The address lookup's own result, as the spec's clients send it (spec 3: Label, PostalCode,
 * Company, Type, and the lookup's parts).
 */
export const lookupAddressSchema = z.object({
  Label: text().trim().max(300).optional(),
  Line1: text().trim().max(200).optional(),
  Line2: text().trim().max(200).optional(),
  City: text().trim().max(100).optional(),
  PostalCode: text().trim().max(10),
  Company: text().trim().max(200).optional(),
  Type: text().trim().max(50).optional(),
  /** The flat or door the customer typed beside the lookup (not part of Loqate's result). */
  door_number: text().trim().max(50).optional(),
});

function looksLikeLookup(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && ('PostalCode' in value || 'Label' in value);
}

/**
 * The lookup's result in our parts. For a business, Loqate puts the company in Line1 and the
 * street in Line2; without Line1, the street is read from the Label ("7 Elgin Avenue, London,
 * W9 2HD"). Pure.
 */
export function fromLookupAddress(value: Record<string, unknown>): Record<string, unknown> {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const company = str(value.Company);
  const postcode = str(value.PostalCode);
  const city = str(value.City);
  let line1 = str(value.Line1);
  let line2 = str(value.Line2);
  if (company && line1.toLowerCase() === company.toLowerCase()) {
    line1 = line2;
    line2 = '';
  }
  if (!line1) {
    const parts = str(value.Label)
      .split(',')
      .map((p) => p.trim())
      .filter(
        (p) =>
          p &&
          p.toLowerCase() !== company.toLowerCase() &&
          p.toLowerCase() !== city.toLowerCase() &&
          p.replace(/\s/g, '').toUpperCase() !== postcode.replace(/\s/g, '').toUpperCase(),
      );
    line1 = parts[0] ?? '';
  }
  return {
    door_number: str(value.door_number),
    line1,
    line2,
    town: city || 'London',
    postcode,
    company,
    address_type: str(value.Type) || 'Residential',
  };
}

/**
 * The address chosen at booking or sign-up: our parts, or the lookup's own result (both
 * documented as such in the OpenAPI document).
 */
export const addressSchema = acceptsShapes(
  z.preprocess(
    (value) => (looksLikeLookup(value) ? fromLookupAddress(value) : value),
    structuredAddressSchema,
  ),
  structuredAddressSchema,
  lookupAddressSchema,
);
export type AddressInput = z.output<typeof structuredAddressSchema>;

/** Registration payload (spec 3): name, email, phone, password, address. */
export const registrationSchema = z
  .object({
    name: fullName,
    email,
    phone: ukMobile,
    password: newPassword,
    /** Sent by our forms; when present it must match (spec 5). */
    password_confirmation: text().optional(),
    address: addressSchema.optional(),
  })
  .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

/** The sign-up and checkout forms require the confirmation. */
export const registrationFormSchema = z
  .object({
    name: fullName,
    email,
    phone: ukMobile,
    password: newPassword,
    password_confirmation: text({ error: messages.passwordMismatch }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

// ─── Account ────────────────────────────────────────────────────────────────

/** Profile update payload (spec 3): name, email, phone_number, current_password. */
export const profileUpdateSchema = z.object({
  name: fullName,
  email,
  phone_number: ukMobile,
  current_password: text({ error: messages.currentPassword }).min(1, messages.currentPassword),
});

/** Password change payload (spec 3). */
export const passwordChangeSchema = z
  .object({
    current_password: text({ error: messages.currentPassword }).min(1, messages.currentPassword),
    new_password: newPassword,
    new_password_confirmation: text({ error: messages.passwordMismatch }),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    message: messages.passwordMismatch,
    path: ['new_password_confirmation'],
  });

// ─── Account deletion (spec 2 'Delete Account', 5) ──────────────────────────

export const deleteAccountEmailSchema = z.object({
  email: text({ error: messages.deleteEmail })
    .trim()
    .min(1, messages.deleteEmail)
    .pipe(z.email({ error: messages.deleteEmail }))
    .transform(normaliseEmail),
});

export const deleteAccountCodeSchema = deleteAccountEmailSchema.extend({
  otp: text({ error: messages.deleteOtp })
    .trim()
    .regex(/^\d{6}$/, messages.deleteOtp),
});

/** First field message per field, for showing next to inputs. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
