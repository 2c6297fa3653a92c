// The admin products screens (/admin/products, /admin/products/new, /admin/products/:id): the
// list's filter as the URL carries it and what the pages show. The form itself is read and
// checked by core/product-draft.ts (zod-free, shared with the form's JavaScript). Browser code
// imports only types from here (ADR 009).
import { z } from 'zod';
import { CATEGORY_SLUGS, type CategorySlug } from '../catalog.ts';
import { MAX_ROW_ID } from '../ids.ts';
import type { ImageRef } from './catalog.ts';

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** out: nothing left; low: some variant at or below the low-stock threshold; in: every variant above it. */
export const STOCK_LEVELS = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const PRODUCT_VIEWS = ['grid', 'list'] as const;
export const PRODUCTS_PAGE_SIZE = 24;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The list's filter, from the query string (bookmarkable; unknown values fall back to "any"). */
export const AdminProductsQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).catch(undefined),
  category: z.preprocess(blankIsAbsent, z.enum(CATEGORY_SLUGS).optional()).catch(undefined),
  status: z.preprocess(blankIsAbsent, z.enum(PRODUCT_STATUSES).optional()).catch(undefined),
  stock: z.preprocess(blankIsAbsent, z.enum(STOCK_LEVELS).optional()).catch(undefined),
  view: z.preprocess(blankIsAbsent, z.enum(PRODUCT_VIEWS).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuery>;

export interface AdminProductCard {
  id: number;
  slug: string;
  name: string;
  category: CategorySlug;
  categoryName: string;
  status: ProductStatus;
  minPriceKobo: number;
  maxPriceKobo: number;
  totalStock: number;
  variantCount: number;
  stockLevel: StockLevel;
  image: ImageRef | null;
  updatedAt: string;
}

export interface AdminProductsPage {
  items: AdminProductCard[];
  total: number;
  page: number;
  pageSize: number;
  lowStockThreshold: number;
  query: AdminProductsQuery;
}

/** The save's input as the service checks it again (an API or a test may send it directly). */
export const ProductSaveInput = z.object({
  name: z.string().trim().min(1).max(120),
  category: z.enum(CATEGORY_SLUGS),
  subcategory: z.string().trim().max(60),
  description: z.string().max(5000),
  status: z.enum(['draft', 'active']),
  isFlashSale: z.boolean(),
  grade: z.string().max(60).nullable(),
  origin: z.string().max(60).nullable(),
  texture: z.string().max(60).nullable(),
  details: z.record(z.string(), z.string().max(500)),
  variants: z
    .array(
      z.object({
        id: z.number().int().positive().max(MAX_ROW_ID).optional(),
        sku: z.string().min(1).max(60),
        options: z.record(z.string(), z.string().min(1).max(60)),
        priceKobo: z.number().int().positive(),
        compareAtPriceKobo: z.number().int().positive().nullable(),
        stock: z.number().int().min(0).max(9_999_999),
        loadedStock: z.number().int().min(0).optional(),
      }),
    )
    .min(1)
    .max(200),
  photos: z.array(z.object({ mediaId: z.string().min(1).max(64), alt: z.string().max(200) })).max(20),
});
export type ProductSaveInput = z.infer<typeof ProductSaveInput>;

/** What the edit page loads: the product as stored, with its current photos (first = main). */
export interface AdminProductDetail {
  id: number;
  slug: string;
  name: string;
  category: CategorySlug;
  subcategory: string;
  description: string;
  status: ProductStatus;
  isFlashSale: boolean;
  grade: string | null;
  origin: string | null;
  texture: string | null;
  details: Record<string, string>;
  variants: {
    id: number;
    sku: string;
    options: Record<string, string>;
    priceKobo: number;
    compareAtPriceKobo: number | null;
    stock: number;
  }[];
  photos: (ImageRef & { mediaId: string })[];
  updatedAt: string;
}
