import { describe, expect, it } from 'vitest';
import { paymentStateWords } from './payment-state';

describe('payment states in words', () => {
  it('says every state the server writes in words, never as its code', () => {
    const states = [
      'none',
      'card_saved',
      'paypal_verified',
      'invoiced',
      'paid',
      'authentication_required',
      'charge_failed',
    ];
    for (const state of states) {
      expect(paymentStateWords(state)).not.toContain('_');
    }
    expect(paymentStateWords('card_saved')).toBe('card saved');
    expect(paymentStateWords('some_new_state')).toBe('some new state');
  });
});
