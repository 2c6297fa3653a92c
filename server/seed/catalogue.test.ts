import { describe, expect, it } from 'vitest';
import { type CategorySlug, slugify } from '#core/catalog.ts';
import { OPTION_ORDER } from '#core/variants.ts';
import { heroArtworkSvg, productArtworkSvg } from './artwork.ts';
import { seedHeroSlides, seedProducts } from './catalogue.ts';

const CATEGORIES: CategorySlug[] = ['wigs', 'bundles', 'braiding-hair', 'lace-frontals'];
const OPTION_KEYS = new Set<string>(OPTION_ORDER);
const HEX = /^#[0-9a-f]{6}$/i;
const allVariants = seedProducts.flatMap((p) => p.variants);

function naira(n: number): number {
  return n * 100;
}

describe('seed catalogue', () => {
  it('has at least 48 products across all four categories', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(48);
    for (const category of CATEGORIES) {
      expect(seedProducts.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(8);
    }
    expect(new Set(seedProducts.map((p) => p.category))).toEqual(new Set(CATEGORIES));
  });

  it('has unique keys, names, SKUs and creation days', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(seedProducts.map((p) => p.key))).toBe(true);
    expect(unique(seedProducts.map((p) => p.name.toLowerCase()))).toBe(true);
    expect(unique(allVariants.map((v) => v.sku))).toBe(true);
    expect(unique(seedProducts.map((p) => p.createdDaysAgo))).toBe(true);
    // Product URLs are built from the name, so the slugs must not collide either.
    expect(unique(seedProducts.map((p) => slugify(p.name)))).toBe(true);
  });

  it('uses stable kebab-case keys and uppercase SKUs', () => {
    for (const p of seedProducts) expect(p.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const v of allVariants) expect(v.sku).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)+$/);
  });

  it('keeps every product well formed', () => {
    for (const p of seedProducts) {
      expect(p.name.trim().length).toBeGreaterThan(3);
      expect(p.subcategory.trim().length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(80);
      expect(p.variants.length).toBeGreaterThanOrEqual(1);
      expect(p.variants.length).toBeLessThanOrEqual(8);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(Number.isInteger(p.sales) && p.sales >= 0).toBe(true);
      expect(Number.isInteger(p.createdDaysAgo) && p.createdDaysAgo >= 0).toBe(true);
      for (const art of p.images) {
        expect(art.colours.length).toBeGreaterThanOrEqual(1);
        expect(art.colours.length).toBeLessThanOrEqual(3);
        for (const c of [...art.colours, art.background]) expect(c).toMatch(HEX);
      }
      for (const v of p.variants) {
        expect(Object.keys(v.options).length).toBeGreaterThan(0);
        for (const key of Object.keys(v.options)) expect(OPTION_KEYS.has(key)).toBe(true);
      }
      const optionSets = p.variants.map((v) => JSON.stringify(Object.entries(v.options).sort()));
      expect(new Set(optionSets).size).toBe(optionSets.length);
    }
  });

  it('stores all money as whole, positive kobo', () => {
    for (const v of allVariants) {
      expect(Number.isInteger(v.priceKobo)).toBe(true);
      expect(v.priceKobo).toBeGreaterThan(0);
      if (v.compareAtPriceKobo !== null) expect(Number.isInteger(v.compareAtPriceKobo)).toBe(true);
      expect(Number.isInteger(v.stock) && v.stock >= 0).toBe(true);
    }
  });

  it('prices products in realistic naira ranges', () => {
    for (const p of seedProducts) {
      for (const v of p.variants) {
        if (p.category === 'wigs') {
          expect(v.priceKobo).toBeGreaterThanOrEqual(naira(60_000));
          expect(v.priceKobo).toBeLessThanOrEqual(naira(450_000));
        }
        if (p.category === 'bundles') {
          expect(v.priceKobo).toBeGreaterThanOrEqual(naira(25_000));
          expect(v.priceKobo).toBeLessThanOrEqual(naira(150_000));
        }
        if (p.category === 'lace-frontals') {
          expect(v.priceKobo).toBeGreaterThanOrEqual(naira(25_000));
          expect(v.priceKobo).toBeLessThanOrEqual(naira(120_000));
        }
        if (p.category === 'braiding-hair') {
          const packs = Number.parseInt(v.options.packs ?? '1', 10);
          expect(v.priceKobo / packs).toBeGreaterThanOrEqual(naira(2_000));
          expect(v.priceKobo / packs).toBeLessThanOrEqual(naira(8_000));
        }
      }
    }
  });

  it('raises bundle prices with length', () => {
    for (const p of seedProducts.filter((x) => x.category === 'bundles')) {
      const prices = p.variants.map((v) => v.priceKobo);
      for (let i = 1; i < prices.length; i++) expect(prices[i]!).toBeGreaterThan(prices[i - 1]!);
    }
  });

  it('has the spec sample products within ₦12,000–₦120,000, covering the categories', () => {
    const spec = seedProducts.filter((p) => p.fromSpec);
    expect(spec).toHaveLength(8);
    expect(new Set(spec.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    for (const v of spec.flatMap((p) => p.variants)) {
      expect(v.priceKobo).toBeGreaterThanOrEqual(1_200_000);
      expect(v.priceKobo).toBeLessThanOrEqual(12_000_000);
    }
  });

  it('marks flash-sale products with a higher compare-at price', () => {
    const flash = seedProducts.filter((p) => p.isFlashSale);
    expect(flash.length).toBeGreaterThanOrEqual(4);
    for (const v of flash.flatMap((p) => p.variants)) {
      expect(v.compareAtPriceKobo).not.toBeNull();
      expect(v.compareAtPriceKobo!).toBeGreaterThan(v.priceKobo);
    }
    for (const v of allVariants) {
      if (v.compareAtPriceKobo !== null) expect(v.compareAtPriceKobo).toBeGreaterThan(v.priceKobo);
    }
  });

  it('has best sellers, low stock and sold-out variants', () => {
    expect(seedProducts.filter((p) => p.sales > 80).length).toBeGreaterThanOrEqual(4);
    expect(allVariants.some((v) => v.stock === 0)).toBe(true);
    expect(allVariants.filter((v) => v.stock >= 1 && v.stock <= 5).length).toBeGreaterThanOrEqual(4);
    expect(allVariants.filter((v) => v.stock > 5).length).toBeGreaterThan(allVariants.length / 2);
  });

  it('writes option values for people', () => {
    for (const v of allVariants) {
      const o = v.options;
      if (o.length) expect(o.length).toMatch(/^\d+"( \+ \d+")*$/);
      if (o.laceSize) expect(o.laceSize).toMatch(/^\d+x\d+$/);
      if (o.density) expect(o.density).toMatch(/^\d+%$/);
      if (o.packs) expect(o.packs).toMatch(/^\d+ packs?$/);
    }
  });
});

describe('hero slides', () => {
  it('has exactly two slides linking to collections and wigs', () => {
    expect(seedHeroSlides).toHaveLength(2);
    expect(seedHeroSlides[0]!.ctaLink).toBe('/collections');
    expect(seedHeroSlides[1]!.ctaLink).toBe('/collections?category=wigs');
    for (const s of seedHeroSlides) {
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.ctaText.length).toBeGreaterThan(0);
      for (const c of s.art.palette) expect(c).toMatch(HEX);
    }
  });
});

describe('artwork', () => {
  const sizeOf = (svg: string) => {
    const open = svg.slice(0, svg.indexOf('>'));
    return [open.match(/ width="(\d+)"/)?.[1], open.match(/ height="(\d+)"/)?.[1]];
  };

  it('draws a well-formed 1200 x 1500 SVG for every product image, without text', () => {
    seedProducts.forEach((p, i) => {
      p.images.forEach((art, j) => {
        const svg = productArtworkSvg(art, i * 31 + j * 7 + 1);
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(sizeOf(svg)).toEqual(['1200', '1500']);
        expect(svg).not.toMatch(/NaN|undefined|Infinity|<text|<image|foreignObject/);
        expect(svg.length).toBeLessThan(160_000);
      });
    });
  });

  it('is deterministic per seed and varies between seeds', () => {
    const art = seedProducts[0]!.images[0]!;
    expect(productArtworkSvg(art, 7)).toBe(productArtworkSvg(art, 7));
    expect(productArtworkSvg(art, 7)).not.toBe(productArtworkSvg(art, 8));
  });

  it('draws a 1920 x 800 hero banner', () => {
    for (const [i, s] of seedHeroSlides.entries()) {
      const svg = heroArtworkSvg(s.art.palette, i + 1);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(sizeOf(svg)).toEqual(['1920', '800']);
      expect(svg).not.toMatch(/NaN|undefined|<text/);
      expect(heroArtworkSvg(s.art.palette, i + 1)).toBe(svg);
    }
  });
});
