// The sample catalogue: realistic Nigerian hair-shop products with variants priced in kobo
// (naira x 100, always whole numbers), plus the two home-page hero slides. Pure data: the seed
// step turns each `images` entry into a picture with artwork.ts.
import type { CategorySlug } from '#core/catalog.ts';
import type { ProductDetails } from '#core/contract/catalog.ts';
import type { VariantOptions } from '#server/db/schema/catalog.ts';

export type ArtKind = 'wig' | 'bundle' | 'frontal' | 'braid';
export type ArtTexture =
  | 'straight'
  | 'bone-straight'
  | 'body-wave'
  | 'loose-wave'
  | 'water-wave'
  | 'deep-wave'
  | 'kinky-curly'
  | 'kinky-straight'
  | 'braid';

export interface ArtSpec {
  kind: ArtKind;
  texture: ArtTexture;
  /** 1-3 hex colours from root to tip, e.g. ombre 1B/27 => ['#1c1512', '#b5732f']. */
  colours: string[];
  /** Hex colour of the studio backdrop. */
  background: string;
}

export interface SeedVariant {
  sku: string;
  options: VariantOptions;
  priceKobo: number;
  compareAtPriceKobo: number | null;
  stock: number;
}

export interface SeedProduct {
  key: string;
  name: string;
  category: CategorySlug;
  subcategory: string;
  description: string;
  /** The product's details, and the hair facts that have columns of their own. */
  details: ProductDetails & { grade?: string; origin?: string; texture?: string };
  isFlashSale: boolean;
  sales: number;
  createdDaysAgo: number;
  fromSpec: boolean;
  variants: SeedVariant[];
  images: ArtSpec[];
}

export interface SeedHeroSlide {
  title: string;
  subtitle: string;
  ctaText: string;
  ctaLink: string;
  art: { palette: string[] };
}

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Hex shades for the standard hair colour codes. */
const HAIR: Record<string, string> = {
  '1': '#0e0b0a',
  '1B': '#1c1512',
  '2': '#2e1f17',
  '4': '#4b2e1f',
  '27': '#b5732f',
  '30': '#8c4a22',
  '33': '#6a2c1a',
  '99J': '#5a1628',
  '613': '#e6cc8f',
};

function hair(code: string): string[] {
  return code.split('/').map((c) => HAIR[c] ?? HAIR['1B']!);
}

const BG = {
  blush: '#f3dcd6',
  cream: '#f5ecdc',
  sage: '#dfe8dc',
  lilac: '#e7def0',
  sky: '#dce8f2',
  peach: '#f8e1cf',
  mauve: '#ecd6df',
  sand: '#efe4d3',
  mint: '#d9efe8',
  champagne: '#f1e6d2',
  teal: '#cfe3e3',
  rose: '#f2d4d9',
  slate: '#d5dbe6',
} as const;
type Bg = keyof typeof BG;

function art(kind: ArtKind, texture: ArtTexture, colour: string, background: Bg): ArtSpec {
  return { kind, texture, colours: hair(colour), background: BG[background] };
}

/** Naira to kobo; inputs are whole naira so the result is always an integer. */
const kobo = (naira: number): number => Math.round(naira) * 100;
const roundTo = (n: number, step: number): number => Math.round(n / step) * step;

/** Prices rising (slightly faster than linearly) with length, from `from` to `to` naira. */
function ladder(lengths: number[], from: number, to: number): number[] {
  const lo = lengths[0]!;
  const hi = lengths[lengths.length - 1]!;
  return lengths.map((l) =>
    hi === lo ? from : roundTo(from + (to - from) * ((l - lo) / (hi - lo)) ** 1.2, 500),
  );
}

interface VariantDef {
  options: Record<string, string>;
  naira: number;
  compareAtNaira?: number;
}

interface ProductDef extends Omit<SeedProduct, 'variants' | 'fromSpec'> {
  fromSpec?: boolean;
  skuPrefix: string;
  /** Percentage off the compare-at price, for products on sale. */
  salePct?: number;
  variants: VariantDef[];
}

const inch = (n: number) => `${n}"`;

/** One variant per length. */
function byLength(lengths: number[], prices: number[], extra: Record<string, string> = {}): VariantDef[] {
  return lengths.map((l, i) => ({ options: { length: inch(l), ...extra }, naira: prices[i]! }));
}

/** Length x density grid, from a table of naira prices [length][density]. */
function byLengthDensity(lengths: number[], densities: number[], table: number[][]): VariantDef[] {
  return lengths.flatMap((l, i) =>
    densities.map((d, j) => ({ options: { length: inch(l), density: `${d}%` }, naira: table[i]![j]! })),
  );
}

function byColour(
  colours: string[],
  price: (colour: string) => number,
  extra: Record<string, string> = {},
): VariantDef[] {
  return colours.map((colour) => ({ options: { colour, ...extra }, naira: price(colour) }));
}

function skuPart(key: string, value: string): string {
  if (key === 'packs') return `${Number.parseInt(value, 10)}PK`;
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic stock: mostly 6-60, some low (1-5), a few sold out. */
function stockFor(sku: string): number {
  const h = hash(sku) % 100;
  if (h < 3) return 0;
  if (h < 15) return 1 + (h % 5);
  return 6 + (hash(`${sku}#`) % 55);
}

const OPTION_ORDER = ['laceSize', 'length', 'density', 'capSize', 'colour', 'texture', 'packs'];

function build(def: ProductDef): SeedProduct {
  const { skuPrefix, salePct, variants, fromSpec, ...rest } = def;
  return {
    ...rest,
    fromSpec: fromSpec ?? false,
    variants: variants.map((v) => {
      const parts = OPTION_ORDER.filter((k) => v.options[k] !== undefined).map((k) =>
        skuPart(k, v.options[k]!),
      );
      const sku = [skuPrefix, ...parts].join('-');
      const compareAt =
        v.compareAtNaira ?? (salePct ? roundTo(v.naira / (1 - salePct / 100), 500) : undefined);
      return {
        sku,
        options: v.options,
        priceKobo: kobo(v.naira),
        compareAtPriceKobo: compareAt === undefined ? null : kobo(compareAt),
        stock: stockFor(sku),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared copy

const CARE_HUMAN =
  'Detangle with a wide-tooth comb from the ends up, wash with sulfate-free shampoo and conditioner, and air dry. Use a heat protectant and keep irons under 180°C.';
const CARE_WAVY =
  'Wash with sulfate-free shampoo, condition well and air dry; finger-detangle or use a wide-tooth comb from the ends, never a brush on dry hair. Refresh the pattern with water and a light leave-in.';
const CARE_CURLY =
  'Keep the curls moisturised: spritz with water and leave-in daily, detangle only when wet with a wide-tooth comb from the ends, wash with sulfate-free shampoo and air dry.';
const CARE_BRAID =
  'Seal the ends by dipping in hot water. Clean braids with diluted shampoo on the scalp, rinse gently and air dry fully; wrap at night with a satin scarf.';

const RETURNS_BUNDLE =
  'Returns or exchange within 7 days if the bundle is unopened and unworn, with the band and seal intact.';
const RETURNS_LACE = 'Returns or exchange within 7 days if unworn and the lace is uncut.';
const RETURNS_WIG =
  'Wigs are final sale once the lace is cut or the wig has been worn; unworn wigs in the original packaging can be exchanged within 7 days.';
const RETURNS_BRAID =
  'Sealed packs can be returned within 7 days. Opened packs cannot be returned for hygiene reasons.';

const BUNDLE_WEIGHT = 'About 100g per bundle';
const PACK_WEIGHT = 'About 90g per pack';

// ---------------------------------------------------------------------------------------------
// The catalogue

const defs: ProductDef[] = [
  // ----- The spec's eight sample products (all variants between ₦12,000 and ₦120,000) -----
  {
    key: 'bone-straight-bob-closure-wig',
    name: 'Bone Straight Bob Wig, 4x4 Closure',
    category: 'wigs',
    subcategory: 'Closure Wig',
    description:
      'A sleek, blunt-cut bob made from double-drawn bone straight hair on a 4x4 transparent lace closure, so the ends stay full and it moves as one. It comes ready to wear: adjust the elastic band, lay the closure and go. A good first wig if you want something low-maintenance for work and church.',
    details: {
      grade: 'Double drawn virgin hair',
      origin: 'Vietnamese',
      texture: 'Bone straight',
      laceType: '4x4 transparent lace closure',
      capSize: 'Medium (22.5") with adjustable band',
      density: '150% or 180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: true,
    salePct: 15,
    sales: 134,
    createdDaysAgo: 21,
    fromSpec: true,
    skuPrefix: 'WIG-BOB-BS',
    variants: byLengthDensity(
      [10, 12, 14],
      [150, 180],
      [
        [65_000, 72_000],
        [72_000, 79_500],
        [79_000, 86_500],
      ],
    ),
    images: [art('wig', 'bone-straight', '1B', 'blush'), art('wig', 'bone-straight', '1B', 'sand')],
  },
  {
    key: 'body-wave-hd-frontal-wig',
    name: 'Body Wave HD Lace Frontal Wig, 13x4',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Soft Brazilian body wave on a 13x4 HD lace frontal that melts on most skin tones once tinted and laid. The hairline is pre-plucked with baby hairs, and the lace is wide enough for a middle, side or free part. Built on a medium cap with combs and an adjustable band.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      laceType: '13x4 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_WAVY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 97,
    createdDaysAgo: 9,
    fromSpec: true,
    skuPrefix: 'WIG-BW-13X4',
    variants: byLengthDensity([14, 16, 18, 20], [180], [[96_000], [104_000], [112_000], [119_500]]),
    images: [art('wig', 'body-wave', '1B', 'mauve'), art('wig', 'body-wave', '1B', 'champagne')],
  },
  {
    key: 'brazilian-body-wave-bundle',
    name: 'Brazilian Body Wave Bundle',
    category: 'bundles',
    subcategory: 'Body Wave',
    description:
      'Single-donor Brazilian virgin hair with a soft, even S-wave that comes back after every wash. Each bundle is about 100g: three bundles and a closure make a full sew-in, four if you are going 20" or longer. It has not been chemically processed, so it takes dye well.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 212,
    createdDaysAgo: 40,
    fromSpec: true,
    skuPrefix: 'BND-BRZ-BW',
    variants: byLength(
      [10, 12, 14, 16, 18, 20, 22, 24],
      [25_000, 28_500, 32_000, 36_500, 41_000, 46_500, 52_000, 58_000],
    ),
    images: [art('bundle', 'body-wave', '1B', 'peach'), art('bundle', 'body-wave', '1B', 'sky')],
  },
  {
    key: 'peruvian-silky-straight-bundle',
    name: 'Peruvian Silky Straight Bundle',
    category: 'bundles',
    subcategory: 'Straight',
    description:
      'Silky straight Peruvian hair with a natural lustre that blends with relaxed and silk-pressed hair. Cuticles run in one direction, so it tangles and sheds very little when cared for. Lengths are measured stretched; plan three bundles for a full head up to 18".',
    details: {
      grade: 'Virgin human hair',
      origin: 'Peruvian',
      texture: 'Straight',
      weight: BUNDLE_WEIGHT,
      care: CARE_HUMAN,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: true,
    salePct: 12,
    sales: 74,
    createdDaysAgo: 33,
    fromSpec: true,
    skuPrefix: 'BND-PER-ST',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 24, 26],
      ladder([12, 14, 16, 18, 20, 22, 24, 26], 27_000, 72_000),
    ),
    images: [art('bundle', 'straight', '1B', 'lilac')],
  },
  {
    key: 'hd-lace-frontal-13x4-straight',
    name: 'HD Lace Frontal 13x4, Straight',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    description:
      'Ear-to-ear HD lace frontal with silky straight Brazilian hair, pre-plucked along the hairline with lightly bleached knots. The 13x4 gives parting space up to 4 inches back; the 13x6 gives a deeper part and more styling room. Pair it with our straight bundles in the same length.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Straight',
      laceType: 'HD lace',
      density: '150%',
      weight: 'About 45g (13x4), 60g (13x6)',
      care: CARE_HUMAN,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 93,
    createdDaysAgo: 15,
    fromSpec: true,
    skuPrefix: 'FRT-HD-ST',
    variants: [
      ...byLength([14, 16, 18, 20], [48_000, 54_000, 61_000, 68_000], { laceSize: '13x4' }),
      ...byLength([16, 18, 20], [72_000, 79_000, 86_000], { laceSize: '13x6' }),
    ],
    images: [art('frontal', 'straight', '1B', 'rose'), art('frontal', 'straight', '1B', 'cream')],
  },
  {
    key: 'transparent-lace-closure-5x5-body-wave',
    name: 'Transparent Lace Closure 5x5, Body Wave',
    category: 'lace-frontals',
    subcategory: 'Closure',
    description:
      'A 5x5 transparent lace closure in Brazilian body wave, for a natural-looking part without leaving out your own hair. It matches our body wave bundles in texture and colour 1B. Transparent lace suits lighter and medium skin tones best; tint it for deeper complexions.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      laceType: '5x5 transparent lace',
      density: '150%',
      weight: 'About 35g',
      care: CARE_WAVY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 61,
    createdDaysAgo: 27,
    fromSpec: true,
    skuPrefix: 'CLS-5X5-BW',
    variants: byLength([12, 14, 16, 18, 20], [34_000, 38_000, 43_000, 48_000, 54_000], { laceSize: '5x5' }),
    images: [art('frontal', 'body-wave', '1B', 'sage')],
  },
  {
    key: 'pre-stretched-braiding-hair-value-box',
    name: 'Pre-Stretched Braiding Hair Value Box',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    description:
      'Pre-stretched, feathered-end braiding hair, 52 inches long, boxed for a full head of knotless or box braids. Five packs cover medium shoulder-length braids; choose eight to ten packs for waist length or small parts. The fibre is light, tangle-resistant and seals with hot water.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 176,
    createdDaysAgo: 12,
    fromSpec: true,
    skuPrefix: 'BRD-PS-BOX',
    variants: [
      { options: { colour: '1B', packs: '5 packs' }, naira: 12_500 },
      { options: { colour: '1B', packs: '8 packs' }, naira: 19_200 },
      { options: { colour: '1B', packs: '10 packs' }, naira: 23_500 },
      { options: { colour: '1', packs: '5 packs' }, naira: 12_500 },
      { options: { colour: '2', packs: '5 packs' }, naira: 12_500 },
      { options: { colour: '4', packs: '5 packs' }, naira: 12_500 },
      { options: { colour: '4', packs: '10 packs' }, naira: 23_500 },
      { options: { colour: '27', packs: '5 packs' }, naira: 13_500 },
    ],
    images: [
      art('braid', 'braid', '1B', 'teal'),
      art('braid', 'braid', '4', 'blush'),
      art('braid', 'braid', '27', 'lilac'),
    ],
  },
  {
    key: 'ombre-braiding-hair-bundle-deal',
    name: 'Ombre Braiding Hair Bundle Deal',
    category: 'braiding-hair',
    subcategory: 'Ombre',
    description:
      'Two-tone pre-stretched braiding hair that fades from off-black roots into colour, so your braids look dyed without any bleach. Six packs do a full head of medium knotless braids; nine packs for long or small braids. Every pack in the deal comes from the same batch, so the colour matches.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 58,
    createdDaysAgo: 6,
    fromSpec: true,
    skuPrefix: 'BRD-OMB-DEAL',
    variants: ['1B/27', '1B/30', '1B/613', '1B/99J'].flatMap((colour) => [
      { options: { colour, packs: '6 packs' }, naira: 15_000 },
      { options: { colour, packs: '9 packs' }, naira: 21_600 },
    ]),
    images: [
      art('braid', 'braid', '1B/27', 'sky'),
      art('braid', 'braid', '1B/30', 'mint'),
      art('braid', 'braid', '1B/99J', 'cream'),
    ],
  },

  // ----- Wigs -----
  {
    key: 'glueless-deep-wave-wig',
    name: 'Glueless Deep Wave Wig, 5x5 Closure',
    category: 'wigs',
    subcategory: 'Glueless Wig',
    description:
      'A wear-and-go deep wave wig with a pre-cut 5x5 HD closure and an elastic band, so it goes on in minutes without glue. The curls are defined and bouncy, and they stay that way with water and a little leave-in. Ideal if you want curls without booking a stylist.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Malaysian',
      texture: 'Deep wave',
      laceType: '5x5 HD lace closure, pre-cut',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180% or 200%',
      care: CARE_CURLY,
      returns: RETURNS_WIG,
    },
    isFlashSale: true,
    salePct: 15,
    sales: 72,
    createdDaysAgo: 18,
    skuPrefix: 'WIG-GL-DW',
    variants: byLengthDensity(
      [16, 20, 24],
      [180, 200],
      [
        [145_000, 158_000],
        [178_000, 194_000],
        [215_000, 235_000],
      ],
    ),
    images: [art('wig', 'deep-wave', '1B', 'sky'), art('wig', 'deep-wave', '1B', 'peach')],
  },
  {
    key: 'water-wave-13x6-frontal-wig',
    name: 'Water Wave 13x6 Frontal Wig',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Wet-look water wave on a deep 13x6 HD frontal for a flexible part and a believable hairline. The pattern loosens slightly when dry and tightens again when wet, so spritz it to bring the waves back. Heavier at 200% density; choose 180% for a lighter, everyday look.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Indian',
      texture: 'Water wave',
      laceType: '13x6 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180% or 200%',
      care: CARE_WAVY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 44,
    createdDaysAgo: 25,
    skuPrefix: 'WIG-WW-13X6',
    variants: byLengthDensity(
      [18, 22, 26],
      [180, 200],
      [
        [175_000, 192_000],
        [215_000, 236_000],
        [262_000, 288_000],
      ],
    ),
    images: [art('wig', 'water-wave', '1B', 'mint')],
  },
  {
    key: 'kinky-curly-13x4-frontal-wig',
    name: 'Kinky Curly 13x4 Frontal Wig',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Tight, springy kinky curls that blend with 4B/4C natural hair, on a 13x4 HD frontal with kinky baby hairs. Curly hair shrinks, so a 20" wig sits around shoulder length when dry. Co-wash weekly and keep it moisturised to prevent tangling.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Kinky curly',
      laceType: '13x4 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180% or 200%',
      care: CARE_CURLY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 51,
    createdDaysAgo: 11,
    skuPrefix: 'WIG-KC-13X4',
    variants: byLengthDensity(
      [16, 20, 24],
      [180, 200],
      [
        [150_000, 165_000],
        [182_000, 200_000],
        [226_000, 248_000],
      ],
    ),
    images: [art('wig', 'kinky-curly', '1B', 'champagne'), art('wig', 'kinky-curly', '2', 'rose')],
  },
  {
    key: 'raw-vietnamese-bone-straight-wig',
    name: 'Raw Vietnamese Bone Straight Wig, 13x6 HD',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Raw, single-donor Vietnamese hair, double drawn so it is as thick at the ends as at the root, on a 13x6 HD frontal. It falls dead straight and swings, and with care it lasts for years and can be coloured. The 30" at 250% is our fullest, most dramatic unit.',
    details: {
      grade: 'Raw hair, double drawn',
      origin: 'Vietnamese',
      texture: 'Bone straight',
      laceType: '13x6 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '200% or 250%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 38,
    createdDaysAgo: 5,
    skuPrefix: 'WIG-RAW-BS',
    variants: [
      ...byLengthDensity([20, 24, 28, 30], [200], [[265_000], [310_000], [372_000], [410_000]]),
      { options: { length: inch(30), density: '250%' }, naira: 450_000 },
    ],
    images: [art('wig', 'bone-straight', '1', 'slate'), art('wig', 'bone-straight', '1', 'blush')],
  },
  {
    key: '360-lace-body-wave-wig',
    name: '360 Lace Body Wave Wig',
    category: 'wigs',
    subcategory: '360 Lace Wig',
    description:
      'Lace runs all the way around the perimeter, so you can pull this body wave wig into a high ponytail or bun with a natural hairline at the back too. Plucked front and nape, with a stretch cap and adjustable band. Needs a little more skill to install than a frontal wig.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      laceType: '360 HD lace',
      capSize: 'Medium (22.5") with adjustable band',
      density: '150% or 180%',
      care: CARE_WAVY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 29,
    createdDaysAgo: 47,
    skuPrefix: 'WIG-360-BW',
    variants: byLengthDensity(
      [18, 22, 26],
      [150, 180],
      [
        [185_000, 198_000],
        [218_000, 233_000],
        [256_000, 274_000],
      ],
    ),
    images: [art('wig', 'body-wave', '2', 'cream')],
  },
  {
    key: 'full-lace-silky-straight-wig',
    name: 'Full Lace Silky Straight Wig',
    category: 'wigs',
    subcategory: 'Full Lace Wig',
    description:
      'Hand-tied on a full lace cap, so you can part it anywhere and wear it up in any style. Silky straight Peruvian hair with a soft natural sheen. Available in small, medium and large caps at 24"; measure your head before you order because full lace wigs cannot be resized much.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Peruvian',
      texture: 'Straight',
      laceType: 'Full Swiss lace',
      capSize: 'Small (21.5"), Medium (22.5"), Large (23.5")',
      density: '180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 17,
    createdDaysAgo: 58,
    skuPrefix: 'WIG-FL-ST',
    variants: [
      { options: { length: inch(20), density: '180%', capSize: 'M' }, naira: 290_000 },
      { options: { length: inch(24), density: '180%', capSize: 'S' }, naira: 340_000 },
      { options: { length: inch(24), density: '180%', capSize: 'M' }, naira: 340_000 },
      { options: { length: inch(24), density: '180%', capSize: 'L' }, naira: 345_000 },
      { options: { length: inch(28), density: '180%', capSize: 'M' }, naira: 395_000 },
    ],
    images: [art('wig', 'straight', '1B', 'teal')],
  },
  {
    key: 'honey-blonde-27-body-wave-wig',
    name: 'Honey Blonde #27 Body Wave Frontal Wig',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Pre-coloured honey blonde (#27) body wave on a 13x4 HD frontal, coloured evenly from root to tip in the factory. Blonde hair is more fragile, so deep-condition weekly and keep heat low. A warm shade that flatters deeper skin tones.',
    details: {
      grade: 'Virgin human hair, coloured',
      origin: 'Brazilian',
      texture: 'Body wave',
      laceType: '13x4 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_WAVY,
      returns: RETURNS_WIG,
    },
    isFlashSale: true,
    salePct: 18,
    sales: 66,
    createdDaysAgo: 8,
    skuPrefix: 'WIG-BW-27',
    variants: byLengthDensity([18, 22, 26], [180], [[165_000], [192_000], [224_000]]),
    images: [art('wig', 'body-wave', '27', 'lilac'), art('wig', 'body-wave', '27', 'sage')],
  },
  {
    key: 'ombre-1b-27-straight-closure-wig',
    name: 'Ombre 1B/27 Straight Closure Wig',
    category: 'wigs',
    subcategory: 'Closure Wig',
    description:
      'Straight closure wig with dark 1B roots melting into honey blonde lengths, so the part looks like your own regrowth. The 4x4 closure keeps installation simple. The colour is already done for you, with no bleach needed at home.',
    details: {
      grade: 'Virgin human hair, coloured',
      origin: 'Brazilian',
      texture: 'Straight',
      laceType: '4x4 HD lace closure',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 47,
    createdDaysAgo: 30,
    skuPrefix: 'WIG-OMB-ST',
    variants: byLengthDensity([16, 20, 24], [180], [[112_000], [135_000], [162_000]]),
    images: [art('wig', 'straight', '1B/27', 'slate')],
  },
  {
    key: 'blonde-613-straight-frontal-wig',
    name: '613 Blonde Straight Frontal Wig, 13x4',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description:
      'Platinum 613 blonde straight wig on a 13x4 HD frontal: wear it as is, or use it as a blank canvas for pastel or custom colours. Use purple shampoo now and then to keep brassiness away. Lighter colours show the lace more, so tint the lace to your skin.',
    details: {
      grade: 'Virgin human hair, lightened',
      origin: 'Brazilian',
      texture: 'Straight',
      laceType: '13x4 HD lace frontal',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 23,
    createdDaysAgo: 14,
    skuPrefix: 'WIG-613-ST',
    variants: byLengthDensity([20, 24, 28], [180], [[188_000], [226_000], [275_000]]),
    images: [art('wig', 'straight', '613', 'mauve')],
  },
  {
    key: 'burgundy-99j-loose-wave-wig',
    name: 'Burgundy 99J Loose Wave Closure Wig',
    category: 'wigs',
    subcategory: 'Closure Wig',
    description:
      'Deep wine-red 99J in a relaxed loose wave on a 5x5 closure: a bold colour that still looks polished at the office. The colour is rich in daylight and almost black indoors. Rinse in cool water to keep the red from fading.',
    details: {
      grade: 'Virgin human hair, coloured',
      origin: 'Peruvian',
      texture: 'Loose wave',
      laceType: '5x5 transparent lace closure',
      capSize: 'Medium (22.5") with adjustable band',
      density: '150% or 180%',
      care: CARE_WAVY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 34,
    createdDaysAgo: 36,
    skuPrefix: 'WIG-99J-LW',
    variants: byLengthDensity(
      [16, 20, 24],
      [150, 180],
      [
        [118_000, 126_000],
        [142_000, 152_000],
        [168_000, 180_000],
      ],
    ),
    images: [art('wig', 'loose-wave', '99J', 'sand')],
  },
  {
    key: 'kinky-straight-4x4-closure-wig',
    name: 'Kinky Straight 4x4 Closure Wig',
    category: 'wigs',
    subcategory: 'Closure Wig',
    description:
      'Coarse, yaki-textured straight hair that looks like blown-out natural hair, so it blends with leave-out and looks effortless. Built on a 4x4 closure with a medium cap. Flat-iron it for a silk-press look; it returns to its texture after washing.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Kinky straight',
      laceType: '4x4 transparent lace closure',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    salePct: 10,
    sales: 57,
    createdDaysAgo: 41,
    skuPrefix: 'WIG-KS-4X4',
    variants: byLengthDensity([16, 20, 24], [180], [[98_000], [122_000], [148_000]]),
    images: [art('wig', 'kinky-straight', '1B', 'peach')],
  },
  {
    key: 'middle-part-2x6-bob-wig',
    name: 'Middle Part 2x6 Closure Bob Wig',
    category: 'wigs',
    subcategory: 'Closure Wig',
    description:
      'A chin-length bone straight bob with a deep 2x6 closure for a sharp middle part. Short lengths mean less heat and less weight, and it sits nicely under a gele. Comes with an adjustable band and three combs.',
    details: {
      grade: 'Double drawn virgin hair',
      origin: 'Vietnamese',
      texture: 'Bone straight',
      laceType: '2x6 HD lace closure',
      capSize: 'Medium (22.5") with adjustable band',
      density: '180%',
      care: CARE_HUMAN,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 68,
    createdDaysAgo: 52,
    skuPrefix: 'WIG-BOB-2X6',
    variants: byLengthDensity([10, 12, 14], [180], [[70_000], [78_000], [88_000]]),
    images: [art('wig', 'bone-straight', '1B', 'rose')],
  },
  {
    key: 'pixie-curl-glueless-wig',
    name: 'Pixie Curl Glueless Wig',
    category: 'wigs',
    subcategory: 'Glueless Wig',
    description:
      'A short, tapered curly cut on a glueless cap with a pre-cut HD lace front. It takes under five minutes to put on and needs only water and mousse to style. Light and cool enough for Lagos heat.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Deep wave',
      laceType: 'Pre-cut HD lace front',
      capSize: 'Medium (22.5") with adjustable band',
      density: '150%',
      care: CARE_CURLY,
      returns: RETURNS_WIG,
    },
    isFlashSale: false,
    sales: 63,
    createdDaysAgo: 3,
    skuPrefix: 'WIG-PXC',
    variants: byLengthDensity([8, 10], [150], [[60_000], [66_000]]),
    images: [art('wig', 'deep-wave', '1B/30', 'mint')],
  },

  // ----- Bundles -----
  {
    key: 'malaysian-deep-wave-bundle',
    name: 'Malaysian Deep Wave Bundle',
    category: 'bundles',
    subcategory: 'Deep Wave',
    description:
      'Tight, uniform deep waves with a soft, silky feel. Malaysian hair has a natural sheen and holds the curl pattern well in humid weather. Three bundles plus a closure make a full head up to 20".',
    details: {
      grade: 'Virgin human hair',
      origin: 'Malaysian',
      texture: 'Deep wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_CURLY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: true,
    salePct: 15,
    sales: 104,
    createdDaysAgo: 22,
    skuPrefix: 'BND-MAL-DW',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 24, 26],
      ladder([12, 14, 16, 18, 20, 22, 24, 26], 30_000, 78_000),
    ),
    images: [art('bundle', 'deep-wave', '1B', 'blush'), art('bundle', 'deep-wave', '1B', 'teal')],
  },
  {
    key: 'indian-water-wave-bundle',
    name: 'Indian Water Wave Bundle',
    category: 'bundles',
    subcategory: 'Water Wave',
    description:
      'Loose, wet-look ripples that sit between body wave and deep wave. Indian hair is lightweight and airy, so even four bundles do not feel heavy. Wet the hair to revive the pattern between washes.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Indian',
      texture: 'Water wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 46,
    createdDaysAgo: 37,
    skuPrefix: 'BND-IND-WW',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 24, 26],
      ladder([12, 14, 16, 18, 20, 22, 24, 26], 28_000, 74_000),
    ),
    images: [art('bundle', 'water-wave', '1B', 'mint')],
  },
  {
    key: 'raw-vietnamese-bone-straight-bundle',
    name: 'Raw Vietnamese Bone Straight Bundle',
    category: 'bundles',
    subcategory: 'Bone Straight',
    description:
      'Raw, unprocessed Vietnamese hair, double drawn so the ends are as full as the top: the bone straight look everyone asks for. Expect some natural colour variation between bundles, because nothing has been dyed. With gentle care it can be reused for several installs.',
    details: {
      grade: 'Raw hair, double drawn',
      origin: 'Vietnamese',
      texture: 'Bone straight',
      weight: BUNDLE_WEIGHT,
      care: CARE_HUMAN,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 141,
    createdDaysAgo: 19,
    skuPrefix: 'BND-VN-BS',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 26, 30],
      ladder([12, 14, 16, 18, 20, 22, 26, 30], 45_000, 150_000),
    ),
    images: [art('bundle', 'bone-straight', '1B', 'champagne'), art('bundle', 'bone-straight', '1', 'mauve')],
  },
  {
    key: 'peruvian-loose-wave-bundle',
    name: 'Peruvian Loose Wave Bundle',
    category: 'bundles',
    subcategory: 'Loose Wave',
    description:
      'Big, romantic waves that look like a fresh curl-and-set. Peruvian hair is slightly coarser, so it blends well with natural hair that has been blown out. Finger-comb to keep the waves defined.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Peruvian',
      texture: 'Loose wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 27,
    createdDaysAgo: 44,
    skuPrefix: 'BND-PER-LW',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 24, 26],
      ladder([12, 14, 16, 18, 20, 22, 24, 26], 29_000, 76_000),
    ),
    images: [art('bundle', 'loose-wave', '1B', 'rose')],
  },
  {
    key: 'brazilian-kinky-curly-bundle',
    name: 'Brazilian Kinky Curly Bundle',
    category: 'bundles',
    subcategory: 'Kinky Curly',
    description:
      'Coily 4A-4B curls that match natural hair for a leave-out or curly sew-in. Lengths are measured stretched; expect roughly a third of the length to shrink up when dry. Keep it moisturised and detangle only when wet.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Kinky curly',
      weight: BUNDLE_WEIGHT,
      care: CARE_CURLY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 39,
    createdDaysAgo: 29,
    skuPrefix: 'BND-BRZ-KC',
    variants: byLength(
      [10, 12, 14, 16, 18, 20, 22, 24],
      ladder([10, 12, 14, 16, 18, 20, 22, 24], 30_000, 70_000),
    ),
    images: [art('bundle', 'kinky-curly', '1B', 'sky')],
  },
  {
    key: 'brazilian-kinky-straight-bundle',
    name: 'Kinky Straight Bundle (Yaki)',
    category: 'bundles',
    subcategory: 'Kinky Straight',
    description:
      'Coarse yaki texture that looks like relaxed or blown-out natural hair, for sew-ins that blend with your leave-out. It holds a silk press and bounces back to texture when washed. Brazilian virgin hair, about 100g per bundle.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Kinky straight',
      weight: BUNDLE_WEIGHT,
      care: CARE_HUMAN,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 21,
    createdDaysAgo: 50,
    skuPrefix: 'BND-BRZ-KS',
    variants: byLength([12, 14, 16, 18, 20, 22, 24], ladder([12, 14, 16, 18, 20, 22, 24], 28_000, 64_000)),
    images: [art('bundle', 'kinky-straight', '1B', 'sand')],
  },
  {
    key: 'brazilian-body-wave-3-bundle-deal',
    name: 'Brazilian Body Wave 3-Bundle Deal',
    category: 'bundles',
    subcategory: 'Bundle Deal',
    description:
      'Three Brazilian body wave bundles in graduated lengths, so the finished style has natural layers and movement. It costs less than buying the same three bundles one by one. Add a closure or frontal to complete the install.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      weight: 'About 300g (3 x 100g)',
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: true,
    salePct: 12,
    sales: 79,
    createdDaysAgo: 16,
    skuPrefix: 'BND-BRZ-BW-3PK',
    variants: [
      [10, 78_000],
      [12, 88_000],
      [14, 99_000],
      [16, 112_000],
      [18, 126_000],
      [20, 142_000],
    ].map(([l, naira]) => ({
      options: { length: `${l}" + ${l! + 2}" + ${l! + 4}"` },
      naira: naira!,
    })),
    images: [art('bundle', 'body-wave', '1B', 'lilac')],
  },
  {
    key: 'malaysian-straight-3-bundle-deal',
    name: 'Malaysian Straight 3-Bundle Deal',
    category: 'bundles',
    subcategory: 'Bundle Deal',
    description:
      'Three silky straight Malaysian bundles in graduated lengths for a full, layered sew-in. The hair is soft with a high natural shine, and it curls well with rollers or a wand. Cheaper than three single bundles.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Malaysian',
      texture: 'Straight',
      weight: 'About 300g (3 x 100g)',
      care: CARE_HUMAN,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 42,
    createdDaysAgo: 39,
    skuPrefix: 'BND-MAL-ST-3PK',
    variants: [
      [12, 86_000],
      [14, 97_000],
      [16, 110_000],
      [18, 124_000],
      [20, 139_000],
      [22, 149_500],
    ].map(([l, naira]) => ({
      options: { length: `${l}" + ${l! + 2}" + ${l! + 4}"` },
      naira: naira!,
    })),
    images: [art('bundle', 'straight', '1B', 'sage')],
  },
  {
    key: 'ombre-1b-27-body-wave-bundle',
    name: 'Ombre 1B/27 Body Wave Bundle',
    category: 'bundles',
    subcategory: 'Body Wave',
    description:
      'Body wave bundles coloured from off-black roots to honey blonde ends, so a sew-in looks like a salon balayage. Buy all your bundles together so the colour fade matches. Use a toning shampoo monthly to keep the blonde warm, not brassy.',
    details: {
      grade: 'Virgin human hair, coloured',
      origin: 'Brazilian',
      texture: 'Body wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 35,
    createdDaysAgo: 13,
    skuPrefix: 'BND-OMB-BW',
    variants: byLength([12, 14, 16, 18, 20, 22, 24], ladder([12, 14, 16, 18, 20, 22, 24], 32_000, 66_000), {
      colour: '1B/27',
    }),
    images: [art('bundle', 'body-wave', '1B/27', 'sky'), art('bundle', 'body-wave', '1B/27', 'cream')],
  },
  {
    key: 'blonde-613-straight-bundle',
    name: '613 Blonde Straight Bundle',
    category: 'bundles',
    subcategory: 'Straight',
    description:
      'Evenly lightened 613 blonde straight hair, ready to wear or to dye into any fashion colour. Blonde hair needs extra moisture: deep-condition every wash and keep heat low. Order closure and bundles in 613 together for an exact match.',
    details: {
      grade: 'Virgin human hair, lightened',
      origin: 'Brazilian',
      texture: 'Straight',
      weight: BUNDLE_WEIGHT,
      care: CARE_HUMAN,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    salePct: 10,
    sales: 26,
    createdDaysAgo: 23,
    skuPrefix: 'BND-613-ST',
    variants: byLength(
      [12, 14, 16, 18, 20, 22, 24, 26],
      ladder([12, 14, 16, 18, 20, 22, 24, 26], 36_000, 88_000),
      {
        colour: '613',
      },
    ),
    images: [art('bundle', 'straight', '613', 'slate')],
  },
  {
    key: 'burgundy-99j-body-wave-bundle',
    name: 'Burgundy 99J Body Wave Bundle',
    category: 'bundles',
    subcategory: 'Body Wave',
    description:
      'Pre-coloured 99J burgundy body wave bundles with a deep wine tone that glows in the sun. Colour-safe, sulfate-free products keep the red from fading. Pairs with our 99J closure wig and braiding hair for a matching look.',
    details: {
      grade: 'Virgin human hair, coloured',
      origin: 'Peruvian',
      texture: 'Body wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 14,
    createdDaysAgo: 55,
    skuPrefix: 'BND-99J-BW',
    variants: byLength([12, 14, 16, 18, 20, 22], ladder([12, 14, 16, 18, 20, 22], 33_000, 62_000), {
      colour: '99J',
    }),
    images: [art('bundle', 'body-wave', '99J', 'champagne')],
  },
  {
    key: 'vietnamese-double-drawn-body-wave-bundle',
    name: 'Vietnamese Double Drawn Body Wave Bundle',
    category: 'bundles',
    subcategory: 'Body Wave',
    description:
      'Double-drawn Vietnamese body wave: short hairs are removed so every strand runs the full length, giving thick ends even at 28". A premium bundle for long, full installs. Two bundles of 14"-18" are often enough for a closure sew-in.',
    details: {
      grade: 'Raw hair, double drawn',
      origin: 'Vietnamese',
      texture: 'Body wave',
      weight: BUNDLE_WEIGHT,
      care: CARE_WAVY,
      returns: RETURNS_BUNDLE,
    },
    isFlashSale: false,
    sales: 31,
    createdDaysAgo: 7,
    skuPrefix: 'BND-VN-BW',
    variants: byLength(
      [14, 16, 18, 20, 22, 24, 26, 28],
      ladder([14, 16, 18, 20, 22, 24, 26, 28], 48_000, 135_000),
    ),
    images: [art('bundle', 'body-wave', '2', 'rose')],
  },

  // ----- Lace frontals and closures -----
  {
    key: 'hd-lace-frontal-13x6-body-wave',
    name: 'HD Lace Frontal 13x6, Body Wave',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    description:
      'A deep 13x6 HD lace frontal in Brazilian body wave, giving six inches of parting space for side parts and sleek ponytails. Pre-plucked hairline with baby hairs. HD lace is thin and delicate, so handle it gently when cutting and removing.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Body wave',
      laceType: 'HD lace',
      density: '150%',
      weight: 'About 60g',
      care: CARE_WAVY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 54,
    createdDaysAgo: 20,
    skuPrefix: 'FRT-HD-BW',
    variants: byLength([14, 16, 18, 20, 22], [62_000, 68_000, 75_000, 83_000, 92_000], { laceSize: '13x6' }),
    images: [art('frontal', 'body-wave', '1B', 'lilac')],
  },
  {
    key: 'transparent-lace-frontal-13x4-deep-wave',
    name: 'Transparent Lace Frontal 13x4, Deep Wave',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    description:
      'Ear-to-ear transparent lace in Malaysian deep wave, matched to our deep wave bundles. Transparent lace is sturdier than HD and lasts through more installs. Tint it with foundation or lace tint for deeper skin tones.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Malaysian',
      texture: 'Deep wave',
      laceType: 'Transparent lace',
      density: '150%',
      weight: 'About 45g',
      care: CARE_CURLY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 40,
    createdDaysAgo: 34,
    skuPrefix: 'FRT-TR-DW',
    variants: byLength([14, 16, 18, 20], [45_000, 50_000, 56_000, 62_000], { laceSize: '13x4' }),
    images: [art('frontal', 'deep-wave', '1B', 'peach')],
  },
  {
    key: 'hd-lace-closure-4x4-straight',
    name: 'HD Lace Closure 4x4, Straight',
    category: 'lace-frontals',
    subcategory: 'Closure',
    description:
      'The classic 4x4 closure for a protective sew-in with no leave-out: HD lace, pre-plucked, with a free part. The easiest lace for beginners to install. Matches our straight bundles.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Straight',
      laceType: '4x4 HD lace',
      density: '150%',
      weight: 'About 30g',
      care: CARE_HUMAN,
      returns: RETURNS_LACE,
    },
    isFlashSale: true,
    salePct: 20,
    sales: 119,
    createdDaysAgo: 26,
    skuPrefix: 'CLS-HD-4X4-ST',
    variants: byLength([10, 12, 14, 16, 18, 20], [30_000, 33_000, 36_500, 40_000, 44_000, 48_500], {
      laceSize: '4x4',
    }),
    images: [art('frontal', 'straight', '1B', 'mint'), art('frontal', 'straight', '1B', 'blush')],
  },
  {
    key: 'deep-part-2x6-closure-bone-straight',
    name: '2x6 Deep Part Closure, Bone Straight',
    category: 'lace-frontals',
    subcategory: 'Closure',
    description:
      'A narrow, deep 2x6 closure made for a sharp middle part on bone straight installs and bobs. Less lace to melt than a frontal, but the same sleek part. Double-drawn Vietnamese hair matches our bone straight bundles.',
    details: {
      grade: 'Double drawn virgin hair',
      origin: 'Vietnamese',
      texture: 'Bone straight',
      laceType: '2x6 HD lace',
      density: '150%',
      weight: 'About 30g',
      care: CARE_HUMAN,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 36,
    createdDaysAgo: 10,
    skuPrefix: 'CLS-2X6-BS',
    variants: byLength([12, 14, 16, 18, 20], [38_000, 42_000, 46_500, 51_000, 56_000], { laceSize: '2x6' }),
    images: [art('frontal', 'bone-straight', '1B', 'sky')],
  },
  {
    key: 'hd-lace-closure-5x5-water-wave',
    name: 'HD Lace Closure 5x5, Water Wave',
    category: 'lace-frontals',
    subcategory: 'Closure',
    description:
      'A roomy 5x5 HD closure in water wave, with more parting space than a 4x4 for side parts. Pre-plucked with small knots. Matches our Indian water wave bundles.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Indian',
      texture: 'Water wave',
      laceType: '5x5 HD lace',
      density: '150%',
      weight: 'About 35g',
      care: CARE_WAVY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 22,
    createdDaysAgo: 43,
    skuPrefix: 'CLS-HD-5X5-WW',
    variants: byLength([12, 14, 16, 18, 20], [40_000, 44_000, 48_500, 53_000, 58_000], { laceSize: '5x5' }),
    images: [art('frontal', 'water-wave', '1B', 'champagne')],
  },
  {
    key: 'kinky-curly-13x4-lace-frontal',
    name: 'Kinky Curly Lace Frontal',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    description:
      'Kinky curly frontal with curly baby hairs along the edge, made to blend with natural 4B/4C hair and our kinky curly bundles. Choose 13x4 for a standard part or 13x6 for more styling room. Keep the curls moisturised so the knots do not tangle.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Brazilian',
      texture: 'Kinky curly',
      laceType: 'HD lace',
      density: '150%',
      weight: 'About 45g (13x4), 60g (13x6)',
      care: CARE_CURLY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 18,
    createdDaysAgo: 48,
    skuPrefix: 'FRT-KC',
    variants: [
      ...byLength([14, 16, 18, 20], [52_000, 58_000, 64_000, 70_000], { laceSize: '13x4' }),
      ...byLength([16, 18], [78_000, 85_000], { laceSize: '13x6' }),
    ],
    images: [art('frontal', 'kinky-curly', '1B', 'rose')],
  },
  {
    key: 'blonde-613-13x4-lace-frontal',
    name: '613 Blonde Lace Frontal 13x4, Straight',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    description:
      'A 613 blonde straight frontal to finish a blonde sew-in or to colour into your own custom shade. The knots are lightened with the hair, so the hairline looks natural on lighter lace. Matches our 613 straight bundles.',
    details: {
      grade: 'Virgin human hair, lightened',
      origin: 'Brazilian',
      texture: 'Straight',
      laceType: 'HD lace',
      density: '150%',
      weight: 'About 45g',
      care: CARE_HUMAN,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 12,
    createdDaysAgo: 31,
    skuPrefix: 'FRT-613-ST',
    variants: byLength([14, 16, 18, 20, 22], [55_000, 61_000, 68_000, 76_000, 85_000], {
      laceSize: '13x4',
      colour: '613',
    }),
    images: [art('frontal', 'straight', '613', 'lilac')],
  },
  {
    key: 'swiss-lace-closure-4x4-loose-wave',
    name: 'Swiss Lace Closure 4x4, Loose Wave',
    category: 'lace-frontals',
    subcategory: 'Closure',
    description:
      'A durable Swiss lace 4x4 closure in Peruvian loose wave: a good everyday choice that survives more installs than HD lace. Slightly more visible than HD on very light skin, but easy to tint. Matches our loose wave bundles.',
    details: {
      grade: 'Virgin human hair',
      origin: 'Peruvian',
      texture: 'Loose wave',
      laceType: '4x4 Swiss lace',
      density: '150%',
      weight: 'About 30g',
      care: CARE_WAVY,
      returns: RETURNS_LACE,
    },
    isFlashSale: false,
    sales: 9,
    createdDaysAgo: 57,
    skuPrefix: 'CLS-SW-4X4-LW',
    variants: byLength([10, 12, 14, 16, 18], [30_000, 33_000, 37_000, 41_000, 45_500], { laceSize: '4x4' }),
    images: [art('frontal', 'loose-wave', '1B', 'sand')],
  },

  // ----- Braiding hair -----
  {
    key: 'pre-stretched-braiding-hair-single-pack',
    name: 'Pre-Stretched Braiding Hair, Single Pack',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    description:
      'Our everyday 52-inch pre-stretched braiding hair with feathered ends, so there is no need to blow-dry or stretch it yourself. Plan on 5-7 packs for medium knotless braids. Light on the scalp and easy to seal with hot water.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 356,
    createdDaysAgo: 60,
    skuPrefix: 'BRD-PS-1PK',
    variants: byColour(['1', '1B', '2', '4', '27', '30', '33', '613'], (c) =>
      ['27', '30', '613'].includes(c) ? 2_800 : 2_500,
    ),
    images: [
      art('braid', 'braid', '1B', 'peach'),
      art('braid', 'braid', '30', 'sky'),
      art('braid', 'braid', '613', 'mauve'),
    ],
  },
  {
    key: 'ombre-braiding-hair-single-pack',
    name: 'Ombre Braiding Hair, Single Pack',
    category: 'braiding-hair',
    subcategory: 'Ombre',
    description:
      'Two-tone pre-stretched braiding hair in a single pack, for adding a few coloured braids or a peekaboo look. Each pack fades from off-black into the second colour. Buy one or two extra packs in case you need to top up mid-style.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: true,
    salePct: 15,
    sales: 121,
    createdDaysAgo: 24,
    skuPrefix: 'BRD-OMB-1PK',
    variants: byColour(['1B/27', '1B/30', '1B/613', '1B/99J'], () => 3_200),
    images: [art('braid', 'braid', '1B/30', 'lilac'), art('braid', 'braid', '1B/613', 'teal')],
  },
  {
    key: 'french-curl-braiding-hair',
    name: 'French Curl Braiding Hair',
    category: 'braiding-hair',
    subcategory: 'French Curl',
    description:
      'Soft, silky braiding hair with loose spiral curls at the ends, for French curl and goddess braids. Leave the curly ends out as you braid; no dipping or curling needed. Four to six packs for a full head.',
    details: {
      grade: 'Synthetic (silky fibre)',
      texture: 'Straight with curled ends',
      weight: 'About 150g per pack',
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 77,
    createdDaysAgo: 4,
    skuPrefix: 'BRD-FRC',
    variants: byColour(['1B', '4', '27', '30', '1B/30'], () => 4_500),
    images: [art('braid', 'loose-wave', '1B', 'blush'), art('braid', 'loose-wave', '27', 'sage')],
  },
  {
    key: 'marley-twist-braiding-hair',
    name: 'Marley Twist Braiding Hair',
    category: 'braiding-hair',
    subcategory: 'Marley',
    description:
      'Kinky, matte-textured hair for Marley twists, faux locs and flat twists that look like natural hair. It grips well, so twists hold without much gel. Three to four packs give a full head of medium twists.',
    details: {
      grade: 'Synthetic (kanekalon-type fibre)',
      texture: 'Afro kinky',
      weight: 'About 100g per pack',
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 48,
    createdDaysAgo: 35,
    skuPrefix: 'BRD-MRL',
    variants: byColour(['1', '1B', '2', '4', '30'], () => 3_000),
    images: [art('braid', 'kinky-straight', '1B', 'cream')],
  },
  {
    key: 'human-hair-bulk-boho-braids',
    name: 'Human Hair Bulk for Boho Braids, Deep Wave',
    category: 'braiding-hair',
    subcategory: 'Human Hair Bulk',
    description:
      'Deep wave human hair bulk (no weft) to leave curly pieces out of knotless braids for the boho look. Because it is human hair, the curls last longer and can be refreshed with water. Most styles need two packs.',
    details: {
      grade: 'Human hair blend',
      texture: 'Deep wave bulk',
      weight: 'About 50g per pack',
      care: CARE_CURLY,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 63,
    createdDaysAgo: 2,
    skuPrefix: 'BRD-BOHO-DW',
    variants: [
      { options: { length: inch(18), packs: '1 pack' }, naira: 6_800 },
      { options: { length: inch(22), packs: '1 pack' }, naira: 7_900 },
      { options: { length: inch(18), packs: '2 packs' }, naira: 13_200 },
      { options: { length: inch(22), packs: '2 packs' }, naira: 15_400 },
    ],
    images: [art('braid', 'deep-wave', '1B', 'sage')],
  },
  {
    key: 'pre-stretched-braiding-hair-3-pack',
    name: 'Pre-Stretched Braiding Hair, 3-Pack',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    description:
      'Three packs of our 52-inch pre-stretched hair banded together: enough for a half-up style, a few jumbo braids or a top-up. Same fibre and colour batch in every pack. Cheaper than three single packs.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: 'About 270g (3 packs)',
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 74,
    createdDaysAgo: 28,
    skuPrefix: 'BRD-PS-3PK',
    variants: byColour(['1B', '2', '4', '27', '1B/30'], () => 7_200, { packs: '3 packs' }),
    images: [art('braid', 'braid', '2', 'rose')],
  },
  {
    key: 'yaki-pre-stretched-braiding-hair',
    name: 'Yaki Texture Pre-Stretched Braiding Hair',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    description:
      'Braiding hair with a light yaki texture, closer to blown-out natural hair than silky fibre, so braids look fuller and less shiny. Pre-stretched with tapered ends for neat knotless braids. About six packs for a full head.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 30,
    createdDaysAgo: 46,
    skuPrefix: 'BRD-YAKI',
    variants: byColour(['1B', '2', '4', '30'], () => 3_500),
    images: [art('braid', 'kinky-straight', '4', 'mint')],
  },
  {
    key: 'spring-twist-crochet-hair',
    name: 'Spring Twist Crochet Hair',
    category: 'braiding-hair',
    subcategory: 'Crochet',
    description:
      'Pre-twisted springy twists with a loop end for quick crochet installs; a full head takes about two hours. Lightweight and bouncy. Plan on six to eight packs.',
    details: {
      grade: 'Synthetic fibre',
      texture: 'Spring twist',
      weight: 'About 80g per pack',
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 40,
    createdDaysAgo: 53,
    skuPrefix: 'BRD-SPR',
    variants: byColour(['1B', '2', '30', '1B/27'], () => 2_200),
    images: [art('braid', 'kinky-curly', '1B/27', 'lilac')],
  },
  {
    key: 'burgundy-99j-braiding-hair',
    name: 'Burgundy 99J Pre-Stretched Braiding Hair',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    description:
      'Deep burgundy 99J pre-stretched braiding hair for bold, statement braids that still look rich rather than bright. Sold as single packs or discounted multi-packs. Five packs cover a full head of medium braids.',
    details: {
      grade: 'Synthetic (low-temperature fibre)',
      texture: 'Yaki pre-stretched',
      weight: PACK_WEIGHT,
      care: CARE_BRAID,
      returns: RETURNS_BRAID,
    },
    isFlashSale: false,
    sales: 16,
    createdDaysAgo: 17,
    skuPrefix: 'BRD-99J',
    variants: [
      { options: { colour: '99J', packs: '1 pack' }, naira: 2_800 },
      { options: { colour: '99J', packs: '3 packs' }, naira: 7_800 },
      { options: { colour: '99J', packs: '5 packs' }, naira: 12_500 },
    ],
    images: [art('braid', 'braid', '99J', 'sand')],
  },
];

export const seedProducts: SeedProduct[] = defs.map(build);

export const seedHeroSlides: SeedHeroSlide[] = [
  {
    title: "It's a good hair day everyday",
    subtitle: 'Virgin bundles, HD lace frontals and ready-to-wear wigs, delivered across Nigeria.',
    ctaText: 'Shop Now',
    ctaLink: '/collections',
    art: { palette: ['#2a1812', '#7a4630', '#1c1512', '#d9a066'] },
  },
  {
    title: 'Wigs that go on in minutes',
    subtitle: 'Glueless, frontal and closure wigs with pre-plucked hairlines, ready to wear.',
    ctaText: 'Shop Wigs',
    ctaLink: '/collections?category=wigs',
    art: { palette: ['#3b2233', '#b0607a', '#b5732f', '#f3c98b'] },
  },
];
