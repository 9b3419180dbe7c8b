import { describe, expect, it } from 'vitest';
import { isCalendarDate, isoDate, normaliseText, recordId, text, textMessages } from './text';

describe('text()', () => {
  it('refuses NUL and the other C0 control characters, keeps tab and newline', () => {
    const field = text().trim().max(50);
    for (const bad of ['a\u0000b', '\u0007', 'x\u001Fy', '\u000B']) {
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([textMessages.control]);
    }
    expect(field.parse('Flat 2\n7 Elgin Avenue\tW9')).toBe('Flat 2\n7 Elgin Avenue\tW9');
  });

  it('normalises line breaks and lone surrogates instead of passing them to the database', () => {
    expect(text().parse('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    expect(text().parse('\ud800x')).toBe('\uFFFDx');
    expect(text().parse('x\udfff')).toBe('x\uFFFD');
    // A surrogate pair (an emoji) is well formed and stays.
    expect(normaliseText('🧺')).toBe('🧺');
  });

  it('keeps the chained rules and messages of a string schema', () => {
    const name = text({ error: 'Name?' }).trim().min(1, 'Name?').max(3, 'Too long');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name?');
    expect(name.safeParse('abcd').error?.issues[0]?.message).toBe('Too long');
    expect(name.parse('  ab ')).toBe('ab');
  });
});

describe('dates and ids', () => {
  it('accepts calendar days only', () => {
    expect(isCalendarDate('2026-11-23')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '0000-00-00', '2026-13-01', '2026-11-31', '26-11-23', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(isoDate().safeParse('2026-02-30').success).toBe(false);
  });

  it('keeps ids within a PostgreSQL integer', () => {
    expect(recordId().parse('2147483647')).toBe(2147483647);
    expect(recordId().safeParse('2147483648').success).toBe(false);
    expect(recordId().safeParse('0').success).toBe(false);
    expect(recordId().safeParse('1.5').success).toBe(false);
  });
});
