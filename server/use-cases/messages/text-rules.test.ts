import { describe, expect, it } from 'vitest';
import {
  DAILY_TEXT_CAP,
  capDay,
  emailStillGoes,
  inQuietHours,
  keywordOf,
  sendAfterFor,
  textChannelOf,
  underDailyCap,
} from './text-rules';

// Instants are UTC; London is GMT in winter and BST (UTC+1) in summer.
const at = (iso: string) => new Date(iso);

describe('quiet hours (21:00 to 08:00 London)', () => {
  it('winter (GMT): 20:59 goes now, 21:00 waits until 08:00 the next morning', () => {
    const before = at('2026-11-23T20:59:00Z');
    expect(sendAfterFor('delivered', before)).toEqual(before);
    expect(sendAfterFor('delivered', at('2026-11-23T21:00:00Z'))).toEqual(
      at('2026-11-24T08:00:00Z'),
    );
  });

  it('after midnight a text waits until 08:00 the same morning; 08:00 itself goes', () => {
    expect(sendAfterFor('invoice', at('2026-11-24T03:30:00Z'))).toEqual(at('2026-11-24T08:00:00Z'));
    expect(sendAfterFor('invoice', at('2026-11-24T07:59:59Z'))).toEqual(at('2026-11-24T08:00:00Z'));
    const eight = at('2026-11-24T08:00:00Z');
    expect(sendAfterFor('invoice', eight)).toEqual(eight);
  });

  it('summer (BST): 21:00 London is 20:00 UTC, and 08:00 London is 07:00 UTC', () => {
    expect(inQuietHours(at('2026-07-01T19:59:00Z'))).toBe(false);
    expect(inQuietHours(at('2026-07-01T20:00:00Z'))).toBe(true);
    expect(sendAfterFor('booking-confirmed', at('2026-07-01T20:00:00Z'))).toEqual(
      at('2026-07-02T07:00:00Z'),
    );
  });

  it('across the clocks going forward (29 March 2026): held from GMT evening to BST 08:00', () => {
    // Saturday 28 March 22:00 GMT → Sunday 29 March 08:00 BST = 07:00 UTC (9 hours, not 10).
    expect(sendAfterFor('delivered', at('2026-03-28T22:00:00Z'))).toEqual(
      at('2026-03-29T07:00:00Z'),
    );
  });

  it('across the clocks going back (25 October 2026): held from BST evening to GMT 08:00', () => {
    // Saturday 24 October 21:30 BST (20:30 UTC) → Sunday 25 October 08:00 GMT = 08:00 UTC.
    expect(sendAfterFor('delivered', at('2026-10-24T20:30:00Z'))).toEqual(
      at('2026-10-25T08:00:00Z'),
    );
    // In the repeated hour (01:30 BST and 01:30 GMT both) it is the same 08:00 GMT.
    expect(sendAfterFor('delivered', at('2026-10-25T00:30:00Z'))).toEqual(
      at('2026-10-25T08:00:00Z'),
    );
    expect(sendAfterFor('delivered', at('2026-10-25T01:30:00Z'))).toEqual(
      at('2026-10-25T08:00:00Z'),
    );
  });

  it('driver on the way is never held; marketing is', () => {
    const late = at('2026-11-23T22:15:00Z');
    expect(sendAfterFor('driver-on-the-way', late)).toEqual(late);
    expect(sendAfterFor('marketing', late)).toEqual(at('2026-11-24T08:00:00Z'));
  });
});

describe('the daily cap', () => {
  it(`allows ${DAILY_TEXT_CAP} texts a London day, not one more`, () => {
    expect(DAILY_TEXT_CAP).toBe(5);
    expect(underDailyCap(0)).toBe(true);
    expect(underDailyCap(DAILY_TEXT_CAP - 1)).toBe(true);
    expect(underDailyCap(DAILY_TEXT_CAP)).toBe(false);
  });

  it('counts on the London day: 23:30 UTC in summer is already tomorrow', () => {
    expect(capDay(at('2026-07-01T23:30:00Z'))).toEqual({
      from: at('2026-07-01T23:00:00Z'),
      to: at('2026-07-02T23:00:00Z'),
    });
    expect(capDay(at('2026-11-23T23:30:00Z'))).toEqual({
      from: at('2026-11-23T00:00:00Z'),
      to: at('2026-11-24T00:00:00Z'),
    });
  });
});

describe('channels and e-mail', () => {
  it('WhatsApp before SMS, one channel per message, none without a choice', () => {
    expect(textChannelOf({ notifySms: true, notifyWhatsapp: true })).toBe('whatsapp');
    expect(textChannelOf({ notifySms: true, notifyWhatsapp: false })).toBe('sms');
    expect(textChannelOf({ notifySms: false, notifyWhatsapp: false })).toBeNull();
  });

  it('e-mail off silences status updates told by text, never documents', () => {
    const off = { notifyEmail: false };
    expect(emailStillGoes(off, 'delivered', true)).toBe(false);
    expect(emailStillGoes(off, 'out-for-delivery', true)).toBe(false);
    // The text was suppressed (opted out, cap): the e-mail tells them instead.
    expect(emailStillGoes(off, 'delivered', false)).toBe(true);
    for (const event of [
      'invoice',
      'charge-failed',
      'approval-needed',
      'booking-confirmed',
    ] as const) {
      expect(emailStillGoes(off, event, true)).toBe(true);
    }
    expect(emailStillGoes({ notifyEmail: true }, 'delivered', true)).toBe(true);
  });
});

describe('keywords', () => {
  it('trimmed and case-insensitive', () => {
    expect(keywordOf(' skip ')).toBe('skip');
    expect(keywordOf('Skip.')).toBe('skip');
    for (const w of ['STOP', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit']) {
      expect(keywordOf(w)).toBe('stop');
    }
    expect(keywordOf('start')).toBe('start');
    expect(keywordOf('UNSTOP')).toBe('start');
    expect(keywordOf('help')).toBe('help');
    expect(keywordOf('please skip the starch')).toBeNull();
  });
});
