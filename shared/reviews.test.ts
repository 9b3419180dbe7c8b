import { describe, expect, it } from 'vitest';
import { reviewInput } from './review-input';
import { averageRating, reviewDisplayName, stars } from './reviews';

describe('reviews', () => {
  it('shows the first name and the initial of the surname', () => {
    expect(reviewDisplayName('Sarah Kensington')).toBe('Sarah K.');
    expect(reviewDisplayName('  ada   byron  lovelace ')).toBe('ada L.');
    expect(reviewDisplayName('Cher')).toBe('Cher');
    expect(reviewDisplayName('   ')).toBe('A customer');
  });

  it('averages to one decimal, none without reviews', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 4, 4])).toBe('4.3');
    expect(averageRating([5])).toBe('5.0');
  });

  it('takes ratings 1 to 5 only, as numbers or form strings', () => {
    expect(reviewInput.parse({ rating: '4' })).toEqual({ rating: 4, body: '' });
    for (const rating of [0, 6, 2.5, 'x', undefined]) {
      expect(reviewInput.safeParse({ rating }).success).toBe(false);
    }
    expect(stars(4)).toBe('★★★★☆');
  });
});
