// Hero slides and the storefront popup (issue 13, ADR 031): what the admin's forms send, what the
// admin list shows, and the popup the storefront fetches after the page.
import { z } from 'zod';
import { ImageRefSchema } from './catalog.ts';

/** Recommended picture sizes, shown beside the upload. */
export const HERO_IMAGE_SIZE = { width: 1920, height: 800 } as const;
export const POPUP_IMAGE_SIZE = { width: 600, height: 400 } as const;

/** Lagos keeps UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** An owner's `datetime-local` value ("2026-12-24T09:00", Lagos time) as an instant, or null. */
export function fromLagosLocal(value: string): Date | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const at = new Date(`${value}:00${LAGOS_OFFSET}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** An instant as a `datetime-local` value in Lagos time ("2026-12-24T09:00"). */
export function toLagosLocal(at: Date): string {
  return new Date(at.getTime() + 60 * 60_000).toISOString().slice(0, 16);
}

/**
 * Where a banner's button may lead: a path on this site ("/collections?category=wigs") or an
 * https address. Not "//elsewhere" (another site in disguise), not javascript: or http:.
 */
export function isBannerLink(value: string): boolean {
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

const link = z
  .string()
  .trim()
  .max(500, 'Please keep the link under 500 characters.')
  .refine(isBannerLink, 'Use a page of this shop (starting with /) or an address starting with https://');

const checkbox = z
  .union([z.literal('on'), z.literal('true'), z.literal('false'), z.literal(''), z.boolean()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true');

const lagosDateTime = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const at = fromLagosLocal(v);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: 'Please give a date and time, e.g. 24/12/2026 09:00.' });
      return z.NEVER;
    }
    return at;
  });

const photo = z
  .string()
  .regex(/^[a-f0-9]{24}$/, 'Please upload a photo.')
  .describe('The media id of an uploaded photo (POST /api/v1/admin/media)');

export const HeroSlideInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Please give the slide a title.')
      .max(80, 'Please keep the title under 80 characters.'),
    subtitle: z.string().trim().max(160, 'Please keep the subtitle under 160 characters.').default(''),
    ctaText: z
      .string()
      .trim()
      .min(1, 'Please give the button a text, e.g. Shop now.')
      .max(30, 'Please keep the button text under 30 characters.'),
    ctaLink: link,
    mediaId: photo,
    alt: z.string().trim().max(300).default(''),
    startsAt: lagosDateTime,
    endsAt: lagosDateTime,
    isActive: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
    }
  });
export type HeroSlideInput = z.input<typeof HeroSlideInput>;

export const PopupBannerInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Please give the popup a title.')
    .max(80, 'Please keep the title under 80 characters.'),
  message: z.string().trim().max(400, 'Please keep the message under 400 characters.').default(''),
  link: z.union([z.literal(''), link]).default(''),
  linkText: z.string().trim().max(30, 'Please keep the button text under 30 characters.').default(''),
  mediaId: z.union([z.literal(''), photo]).default(''),
  alt: z.string().trim().max(300).default(''),
  isActive: checkbox,
  oncePerSession: checkbox,
});
export type PopupBannerInput = z.input<typeof PopupBannerInput>;

export const AdminHeroSlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
  image: ImageRefSchema,
  position: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AdminHeroSlide = z.infer<typeof AdminHeroSlideSchema>;

export const AdminPopupBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  linkText: z.string(),
  image: ImageRefSchema.nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  oncePerSession: z.boolean(),
});
export type AdminPopupBanner = z.infer<typeof AdminPopupBannerSchema>;

/** What the storefront shows (GET /api/v1/popup). */
export const StorefrontPopupSchema = z.object({
  id: z.number().int().describe('Changes when the owner edits the popup: the once-per-session key'),
  title: z.string(),
  message: z.string(),
  link: z.string().describe('A path on this site or an https address; empty for none'),
  linkText: z.string(),
  image: ImageRefSchema.nullable(),
  oncePerSession: z.boolean(),
  version: z.string().describe('Changes whenever the popup is edited, so an edited popup shows again'),
});
export type StorefrontPopup = z.infer<typeof StorefrontPopupSchema>;

export const PopupResponseSchema = z.object({
  popup: StorefrontPopupSchema.nullable().describe('The active popup, or null when none is'),
});
export type PopupResponse = z.infer<typeof PopupResponseSchema>;
