import { describe, expect, it } from 'vitest';
import { listingHref, readListingState } from './listing-params.ts';

const read = (query: string) => readListingState(new URLSearchParams(query));

describe('listing state in the URL', () => {
  it('reads every parameter the spec and the product page use', () => {
    expect(
      read('category=wigs&search=%20body%20wave%20&sort=price-asc&minPrice=10000&maxPrice=90000&page=3'),
    ).toEqual({
      category: 'wigs',
      search: 'body wave',
      sort: 'price-asc',
      minPrice: 10000,
      maxPrice: 90000,
      page: 3,
    });
  });

  it('falls back to defaults for values that make no sense, instead of failing the page', () => {
    expect(read('category=shoes&sort=cheapest&minPrice=-5&maxPrice=abc&page=0')).toEqual({
      category: 'all',
      search: '',
      sort: undefined,
      minPrice: 0,
      maxPrice: undefined,
      page: 1,
    });
    expect(read('minPrice=50000&maxPrice=10000').minPrice).toBe(0);
    expect(read(`search=${'a'.repeat(500)}`).search).toHaveLength(100);
  });

  it('treats the top of the price range as no upper limit', () => {
    expect(read('maxPrice=200000').maxPrice).toBeUndefined();
  });

  it('writes back only what differs from the defaults, and resets the page on any other change', () => {
    const state = read('category=sale&page=4');
    expect(listingHref(state)).toBe('/collections?category=sale');
    expect(listingHref(state, { page: 5 })).toBe('/collections?category=sale&page=5');
    expect(listingHref(state, { sort: 'popular' })).toBe('/collections?category=sale&sort=popular');
    expect(listingHref(read(''), {})).toBe('/collections');
    expect(listingHref(read('search=613 blonde'))).toBe('/collections?search=613+blonde');
  });
});
