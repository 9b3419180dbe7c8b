import { describe, expect, it } from 'vitest';
import {
  deleteAccountCodeSchema,
  deleteAccountEmailSchema,
  firstErrors,
  guestDetailsSchema,
  isUkMobile,
  loginSchema,
  messages,
  normaliseUkMobile,
  passwordChangeSchema,
  registrationFormSchema,
  registrationSchema,
} from './validation';

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com ',
  phone: '07700 900123',
  password: 'Secure@123',
  password_confirmation: 'Secure@123',
};

describe('UK mobile pattern', () => {
  it.each(['07700900123', '7700900123', '07700 900 123', '(07700) 900123', '+44 7700 900123'])(
    'accepts %s',
    (phone) => expect(isUkMobile(phone)).toBe(true),
  );
  it.each(['02073285621', '0770090012', '077009001234', 'phone', '08700 900123', ''])(
    'rejects %s',
    (phone) => expect(isUkMobile(phone)).toBe(false),
  );
  it('normalises to one stored form', () => {
    expect(normaliseUkMobile('+44 7700 900123')).toBe('07700900123');
    expect(normaliseUkMobile('(07700) 900 123')).toBe('07700900123');
    expect(normaliseUkMobile('7700900123')).toBe('07700900123');
  });
});

describe('registration', () => {
  it('accepts a valid customer and lower-cases the e-mail', () => {
    const parsed = registrationFormSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it('gives the spec message for a weak password', () => {
    for (const password of [
      'short@A1',
      'alllower@123',
      'ALLUPPER@123',
      'NoDigits@!',
      'NoSpecial123',
    ]) {
      const result = registrationFormSchema.safeParse({
        ...valid,
        password,
        password_confirmation: password,
      });
      if (password === 'short@A1') {
        // exactly 8 characters is allowed
        expect(result.success).toBe(true);
        continue;
      }
      expect(result.success).toBe(false);
      if (!result.success) expect(firstErrors(result.error).password).toBe(messages.password);
    }
  });

  it('gives the spec message when the confirmation differs', () => {
    const result = registrationFormSchema.safeParse({
      ...valid,
      password_confirmation: 'Other@123',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(firstErrors(result.error).password_confirmation).toBe(messages.passwordMismatch);
    }
  });

  it('gives the spec message for a phone that is not a UK mobile, and caps the length at 20', () => {
    const bad = registrationFormSchema.safeParse({ ...valid, phone: '020 7328 5621' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(firstErrors(bad.error).phone).toBe(messages.ukMobile);
    const long = registrationFormSchema.safeParse({ ...valid, phone: '0'.repeat(21) });
    expect(long.success).toBe(false);
    if (!long.success) expect(firstErrors(long.error).phone).toBe(messages.phoneTooLong);
  });

  it('on the server, checks the confirmation only when it is sent', () => {
    const { password_confirmation: _omit, ...withoutConfirm } = valid;
    expect(registrationSchema.safeParse(withoutConfirm).success).toBe(true);
    expect(registrationSchema.safeParse({ ...valid, password_confirmation: 'x' }).success).toBe(
      false,
    );
  });
});

describe('guest details', () => {
  it('needs no password (password rules apply to registered customers only)', () => {
    const result = guestDetailsSchema.safeParse({
      name: 'Ann',
      phone: '07700900123',
      email: 'a@b.co',
    });
    expect(result.success).toBe(true);
  });
  it('requires name, phone and e-mail', () => {
    const result = guestDetailsSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(firstErrors(result.error)).sort()).toEqual(['email', 'name', 'phone']);
    }
  });
});

describe('login and deletion messages', () => {
  it('uses the spec wording for empty fields', () => {
    const login = loginSchema.safeParse({ email: '', password: '' });
    expect(login.success).toBe(false);
    if (!login.success) {
      expect(firstErrors(login.error)).toEqual({
        email: messages.loginEmail,
        password: messages.loginPassword,
      });
    }
    const del = deleteAccountEmailSchema.safeParse({ email: '' });
    if (!del.success) expect(firstErrors(del.error).email).toBe('Please enter valid email id');
    const code = deleteAccountCodeSchema.safeParse({ email: 'a@b.co', otp: '' });
    if (!code.success) expect(firstErrors(code.error).otp).toBe('Please enter valid otp');
    expect(code.success).toBe(false);
  });

  it('password change needs a matching strong new password', () => {
    const mismatch = passwordChangeSchema.safeParse({
      current_password: 'x',
      new_password: 'Secure@123',
      new_password_confirmation: 'Secure@124',
    });
    expect(mismatch.success).toBe(false);
    if (!mismatch.success) {
      expect(firstErrors(mismatch.error).new_password_confirmation).toBe(messages.passwordMismatch);
    }
  });
});
