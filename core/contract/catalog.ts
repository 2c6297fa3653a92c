// The catalogue's shapes as the screens and the JSON API see them. Types are inferred from these.
import { z } from 'zod';
import { CATEGORY_SLUGS } from '../catalog.ts';

export const ImageRefSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

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

export const HomePageSchema = z.object({
  heroSlides: z.array(HeroSlideSchema),
  flashSale: z.array(ProductSummarySchema),
  bestSellers: z.array(ProductSummarySchema),
  newArrivals: z.array(ProductSummarySchema),
  categories: z.array(CategorySchema),
});
export type HomePage = z.infer<typeof HomePageSchema>;
