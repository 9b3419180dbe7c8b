import { describe, expect, it } from 'vitest';
import { formErrors } from './form-errors';

describe('formErrors', () => {
  it('keeps the message and the first message of each field of the API error shape', () => {
    expect(
      formErrors({
        message: 'Please check mandatory fields.',
        errors: {
          phone: ['Please provide valid UK mobile number', 'second'],
          email: ['Please enter a valid email address'],
          empty: [],
        },
      }),
    ).toEqual({
      message: 'Please check mandatory fields.',
      fields: {
        phone: 'Please provide valid UK mobile number',
        email: 'Please enter a valid email address',
      },
    });
  });

  it('a reply without field errors has none', () => {
    expect(formErrors({ message: 'Too many attempts.' })).toEqual({
      message: 'Too many attempts.',
      fields: {},
    });
  });
});
