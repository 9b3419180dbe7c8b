import { describe, expect, it } from 'vitest';
import {
  addressProblems,
  loginEmailProblems,
  loginProblems,
  registrationFormProblems,
} from './form-checks';
import {
  firstErrors,
  loginEmailSchema,
  loginSchema,
  registrationFormSchema,
  structuredAddressSchema,
} from './validation';

/*
 * The browser's zod-free checks (form-checks.ts) say what the server's schemas say: the same
 * first message on the same fields, for forms as people fill them in.
 */

const schemaProblems = (schema: { safeParse: (v: unknown) => unknown }, form: unknown) => {
  const parsed = schema.safeParse(form) as
    { success: true } | { success: false; error: Parameters<typeof firstErrors>[0] };
  return parsed.success ? {} : firstErrors(parsed.error);
};

const emails = [
  '',
  '   ',
  'ada',
  'ada@',
  'ada@example',
  'ada@example.com',
  ' Ada@Example.COM ',
  'a.b+c@sub.example.co.uk',
  '.ada@example.com',
  'ada..b@example.com',
  `${'a'.repeat(250)}@example.com`,
  'ada\u0001@example.com',
];
const phones = [
  '',
  '07700 900123',
  '+44 7700 900123',
  '(07700) 900 123',
  '0207 946 0000',
  '1'.repeat(25),
];
const passwords = ['', 'secret', 'Secret@123', 'secret@123', 'Secret123', `Aa1@${'x'.repeat(200)}`];

describe('form checks without zod', () => {
  it('the login steps give the schemas’ first message per field', () => {
    for (const email of emails) {
      expect(loginEmailProblems({ email }), email).toEqual(
        schemaProblems(loginEmailSchema, { email }),
      );
      for (const password of ['', 'x']) {
        const form = { email, password };
        expect(loginProblems(form), email).toEqual(schemaProblems(loginSchema, form));
      }
    }
    expect(loginEmailProblems({})).toEqual(schemaProblems(loginEmailSchema, {}));
  });

  it('the sign-up and checkout details give the schema’s first message per field', () => {
    const names = ['', '  ', 'Ada Lovelace', 'x'.repeat(101)];
    for (const name of names)
      for (const email of emails.slice(0, 6))
        for (const phone of phones)
          for (const password of passwords)
            for (const password_confirmation of [password, 'Other@123']) {
              const form = { name, email, phone, password, password_confirmation };
              expect(registrationFormProblems(form), JSON.stringify(form)).toEqual(
                schemaProblems(registrationFormSchema, form),
              );
            }
    const missing = {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '07700 900123',
      password: 'Secret@123',
    };
    expect(registrationFormProblems(missing)).toEqual(
      schemaProblems(registrationFormSchema, missing),
    );
  });

  it('an address gives the schema’s first message per field', () => {
    for (const line1 of ['', ' ', '7 Elgin Avenue', 'x'.repeat(201)])
      for (const postcode of ['', 'nope', 'w9 2hd', 'W9 2HD', ' NW6 1DT '])
        for (const door_number of [undefined, '', 'Flat 2', 'x'.repeat(51)]) {
          const form = {
            line1,
            postcode,
            door_number,
            town: 'London',
            company: '',
            address_type: 'Residential',
          };
          expect(addressProblems(form), JSON.stringify(form)).toEqual(
            schemaProblems(structuredAddressSchema, form),
          );
        }
  });
});
