import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCIES, formatDeliveryFee, formatDiscount, formatPrice, nairaToKobo } from './money.ts';
import { koboToDecimalString } from './money-format.ts';

const [ngn, usd, eur, gbp] = DEFAULT_CURRENCIES;

describe('formatPrice', () => {
  it('shows naira with the ₦ sign and thousands separators by default', () => {
    expect(formatPrice(1_200_000)).toBe('₦12,000');
    expect(formatPrice(12_000_000)).toBe('₦120,000');
    expect(formatPrice(123_456_789)).toBe('₦1,234,567.89');
    expect(formatPrice(0)).toBe('₦0');
  });

  it('shows kobo only when there are some, up to two decimals', () => {
    expect(formatPrice(150)).toBe('₦1.5');
    expect(formatPrice(199)).toBe('₦1.99');
    expect(formatPrice(100_001, ngn)).toBe('₦1,000.01');
  });

  it('converts to the display currency at its rate', () => {
    expect(formatPrice(1_250_000, usd)).toBe('$16.25');
    expect(formatPrice(1_250_000, eur)).toBe('€15');
    expect(formatPrice(4_500_000, gbp)).toBe('£45');
    expect(formatPrice(12_000_000, usd)).toBe('$156');
  });

  it('rounds converted amounts to cents', () => {
    expect(formatPrice(333_333, usd)).toBe('$4.33');
  });

  it('refuses fractional kobo, which would mean money held as a float somewhere', () => {
    expect(() => formatPrice(10.5)).toThrow(RangeError);
  });
});

describe('nairaToKobo', () => {
  it('converts whole and fractional naira without float drift', () => {
    expect(nairaToKobo(12_000)).toBe(1_200_000);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
});

describe('formatDeliveryFee', () => {
  it('shows the fee, or Free when there is none', () => {
    expect(formatDeliveryFee(250_000)).toBe('₦2,500');
    expect(formatDeliveryFee(0)).toBe('Free');
    expect(formatDeliveryFee(250_000, usd)).toBe('$3.25');
  });

  it('refuses fractional kobo', () => {
    expect(() => formatDeliveryFee(0.5)).toThrow(RangeError);
  });
});

describe('formatDiscount', () => {
  it('puts a minus sign (U+2212) before the formatted amount', () => {
    expect(formatDiscount(150_000)).toBe('\u2212₦1,500');
    expect(formatDiscount(1_250_000, usd)).toBe('\u2212$16.25');
  });
});

describe('koboToDecimalString', () => {
  it('writes naira with exactly two decimals, no symbol and no separators', () => {
    expect(koboToDecimalString(1_250_000)).toBe('12500.00');
    expect(koboToDecimalString(1_250_005)).toBe('12500.05');
    expect(koboToDecimalString(99)).toBe('0.99');
    expect(koboToDecimalString(0)).toBe('0.00');
    expect(koboToDecimalString(-150)).toBe('-1.50');
  });

  it('is exact to the kobo for every amount up to ₦10,000 and for the largest amounts', () => {
    const exact = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
    const differ: number[] = [];
    for (let kobo = 0; kobo <= 1_000_000; kobo++) {
      if (koboToDecimalString(kobo) !== exact(kobo)) differ.push(kobo);
    }
    for (let kobo = 2 ** 46; kobo < 2 ** 46 + 10_000; kobo++) {
      if (koboToDecimalString(kobo) !== exact(kobo)) differ.push(kobo);
    }
    expect(differ).toEqual([]);
  });

  it('refuses fractional kobo', () => {
    expect(() => koboToDecimalString(1.5)).toThrow(RangeError);
  });
});
