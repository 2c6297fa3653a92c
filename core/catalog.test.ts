import { describe, expect, it } from 'vitest';
import {
  isBestSeller,
  isOnSale,
  parseProductId,
  percentOff,
  productPath,
  slugify,
  stockBadge,
} from './catalog.ts';

describe('home-page and badge rules', () => {
  it('counts a product as a best seller only above 80 sales', () => {
    expect(isBestSeller({ salesCount: 80 })).toBe(false);
    expect(isBestSeller({ salesCount: 81 })).toBe(true);
  });

  it('shows the low-stock badge at 5 or fewer, and out of stock at 0', () => {
    expect(stockBadge(6)).toBeNull();
    expect(stockBadge(5)).toEqual({ kind: 'low-stock', left: 5 });
    expect(stockBadge(1)).toEqual({ kind: 'low-stock', left: 1 });
    expect(stockBadge(0)).toEqual({ kind: 'out-of-stock' });
  });

  it('is on sale only when the compare-at price is above the price', () => {
    expect(isOnSale({ priceKobo: 100, compareAtPriceKobo: 120 })).toBe(true);
    expect(isOnSale({ priceKobo: 100, compareAtPriceKobo: 100 })).toBe(false);
    expect(isOnSale({ priceKobo: 100, compareAtPriceKobo: null })).toBe(false);
    expect(percentOff(7_500_000, 10_000_000)).toBe(25);
    expect(percentOff(6_667, 10_000)).toBe(33);
  });
});

describe('product URLs', () => {
  it('puts the id last and reads it back', () => {
    const path = productPath({ slug: 'brazilian-body-wave-bundle', id: 42 });
    expect(path).toBe('/collections/brazilian-body-wave-bundle-42');
    expect(parseProductId('brazilian-body-wave-bundle-42')).toBe(42);
    expect(parseProductId('42')).toBe(42);
  });

  it('rejects slugs without a usable id', () => {
    expect(parseProductId('brazilian-body-wave')).toBeNull();
    expect(parseProductId('wig-0')).toBeNull();
    expect(parseProductId('wig-99999999999999')).toBeNull();
  });

  it('slugifies names with inches and percentages', () => {
    expect(slugify('Peruvian Deep Wave 24" Bundle')).toBe('peruvian-deep-wave-24-inch-bundle');
    expect(slugify('Glueless 180% Density Wig')).toBe('glueless-180-percent-density-wig');
  });
});
