import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { koboToNairaInput, parseNairaToKobo } from './naira-input.ts';

describe('parseNairaToKobo', () => {
  it('reads what owners type', () => {
    expect(parseNairaToKobo('45,000')).toBe(4_500_000);
    expect(parseNairaToKobo('45000')).toBe(4_500_000);
    expect(parseNairaToKobo('45000.50')).toBe(4_500_050);
    expect(parseNairaToKobo('45000.5')).toBe(4_500_050);
    expect(parseNairaToKobo(' ₦1,600 ')).toBe(160_000);
    expect(parseNairaToKobo('NGN 0')).toBe(0);
    expect(parseNairaToKobo('1,234,567.89')).toBe(123_456_789);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-5', '1.234', 'abc', '1,00', '12,34,567', '1e5', '١٢', '45 000', '.5']) {
      expect(parseNairaToKobo(text), text).toBeNull();
    }
    expect(parseNairaToKobo('1000000001')).toBeNull();
  });

  it('gives back what koboToNairaInput wrote', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (kobo) => {
        expect(parseNairaToKobo(koboToNairaInput(kobo))).toBe(kobo);
      }),
    );
  });
});
