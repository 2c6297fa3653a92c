// The catalogue's shapes as the screens and the JSON API see them. Types are inferred from these.
import { z } from 'zod';
import {
  CATEGORY_SLUGS,
  DEFAULT_PAGE_SIZE,
  LISTING_CATEGORIES,
  LISTING_SORTS,
  MAX_SEARCH_LENGTH,
  PRICE_FILTER_MAX_NAIRA,
} from '../catalog.ts';

/** A picture as every screen and response refers to it (renditions: core/media.ts). */
export const ImageRefSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const CategorySchema = z.object({
  slug: z.enum(CATEGORY_SLUGS),
  name: z.string(),
  description: z.string(),
  image: ImageRefSchema.nullable(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const ProductSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(CATEGORY_SLUGS),
  subcategory: z.string(),
  /** Lowest variant price: "from ₦…". */
  priceKobo: z.number().int(),
  compareAtPriceKobo: z.number().int().nullable(),
  /** Units in stock over all variants. */
  stock: z.number().int(),
  variantCount: z.number().int(),
  isFlashSale: z.boolean(),
  salesCount: z.number().int(),
  /** Approved reviews: the average of their stars (one decimal) and how many; null before the first. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  createdAt: z.string(),
  image: ImageRefSchema.nullable(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const HeroSlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
  image: ImageRefSchema,
});
export type HeroSlide = z.infer<typeof HeroSlideSchema>;

// ── Listing (/collections and GET /api/v1/products) ────────────────────────────────────────────

// The listing's constants live in zod-free core/catalog.ts, so the /collections page can use them
// without shipping the validation library to the browser.

const wholeNaira = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of naira.` })
    .int(`${name} must be a whole number of naira.`)
    .min(0, `${name} cannot be negative.`)
    .max(PRICE_FILTER_MAX_NAIRA, `${name} is too large.`);

export const ProductListQuery = z
  .object({
    category: z
      .enum(LISTING_CATEGORIES, { error: `category must be one of: ${LISTING_CATEGORIES.join(', ')}.` })
      .default('all'),
    search: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters.`)
      .default(''),
    /** Absent: newest first, or best match first when searching. */
    sort: z.enum(LISTING_SORTS, { error: `sort must be one of: ${LISTING_SORTS.join(', ')}.` }).optional(),
    minPrice: wholeNaira('minPrice').default(0),
    /** Absent (or the top of the range) means no upper limit. */
    maxPrice: wholeNaira('maxPrice').optional(),
    page: z.coerce
      .number({ error: 'page must be a number.' })
      .int('page must be a whole number.')
      .min(1, 'page must be 1 or more.')
      .max(10_000, 'page is too large.')
      .default(1),
    /** Only these products (comma-separated ids): the wishlist page uses it. */
    ids: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'ids must be up to 100 product ids separated by commas.')
      .transform((v) => v.split(',').map(Number))
      .optional(),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number.' })
      .int('pageSize must be a whole number.')
      .min(1, 'pageSize must be 1 or more.')
      .max(60, 'pageSize must be 60 or less.')
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine((q) => q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice.',
    path: ['minPrice'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const VariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  priceKobo: z.number().int(),
  compareAtPriceKobo: z.number().int().nullable(),
  stock: z.number().int(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ProductListItemSchema = ProductSummarySchema.extend({
  images: z.array(ImageRefSchema),
  variants: z.array(VariantSchema),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductListPage = z.object({
  items: z.array(ProductListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductListPage = z.infer<typeof ProductListPage>;

// ── Product page (/collections/{slug}-{id} and GET /api/v1/products/{id}) ─────────────────────

/** The product's further details, as stored (products.details) and as the product page shows them. */
export const ProductDetailsSchema = z.object({
  laceType: z.string().optional(),
  capSize: z.string().optional(),
  weight: z.string().optional(),
  density: z.string().optional(),
  care: z.string().optional(),
  returns: z.string().optional(),
});
export type ProductDetails = z.infer<typeof ProductDetailsSchema>;

export const ProductDetailSchema = ProductListItemSchema.extend({
  categoryName: z.string(),
  description: z.string(),
  grade: z.string().nullable(),
  origin: z.string().nullable(),
  texture: z.string().nullable(),
  details: ProductDetailsSchema,
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
