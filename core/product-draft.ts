// The admin product form as the owner typed it (strings, so a refused form comes back exactly as
// sent), its flat field names (the form works without JavaScript), the variant matrix rebuilt from
// the picked option values, and the checked input the catalogue saves. Zod-free: the form's
// JavaScript uses it too (ADR 009).
import { CATEGORY_SLUGS, type CategorySlug } from './catalog.ts';
import { koboToNairaInput, parseNairaInput } from './naira-input.ts';
import {
  BUILDER_OPTIONS,
  type BuilderOption,
  combinations,
  comboKey,
  MAX_VARIANTS,
  splitValues,
  suggestSku,
  valuesOf,
} from './variant-builder.ts';
import { variantLabel } from './variants.ts';

export const DETAIL_KEYS = ['laceType', 'capSize', 'weight', 'density', 'care', 'returns'] as const;
export type DetailKey = (typeof DETAIL_KEYS)[number];
export const DETAIL_LABELS: Record<DetailKey, string> = {
  laceType: 'Lace type',
  capSize: 'Cap size',
  weight: 'Weight',
  density: 'Density',
  care: 'Care',
  returns: 'Returns',
};
export const EDITABLE_STATUSES = ['draft', 'active'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

export interface DraftRow {
  /** The variant's id ('' for a new row): orders point at it, so an edit keeps it. */
  id: string;
  options: Record<string, string>;
  sku: string;
  price: string;
  compareAt: string;
  stock: string;
  /** The stock when the form was loaded: a save is refused if a sale changed it meanwhile. */
  loadedStock: string;
  selected: boolean;
}

export interface ProductDraft {
  name: string;
  category: string;
  subcategory: string;
  description: string;
  status: string;
  isFlashSale: boolean;
  grade: string;
  origin: string;
  texture: string;
  details: Record<DetailKey, string>;
  /** The values picked per option, as typed ("12\", 14\", 16\""). */
  optionValues: Record<BuilderOption, string>;
  rows: DraftRow[];
  photos: { mediaId: string; alt: string }[];
}

/** Field names: `v-<row>-<field>` for the matrix, `opt-<option>`, `detail-<key>`, `photoAlt-<mediaId>`. */
export const field = {
  row: (i: number, name: keyof DraftRow | `opt-${string}`) => `v-${i}-${name}`,
  option: (key: string) => `opt-${key}`,
  detail: (key: string) => `detail-${key}`,
  photoAlt: (mediaId: string) => `photoAlt-${mediaId}`,
};

export function emptyRow(): DraftRow {
  return {
    id: '',
    options: {},
    sku: '',
    price: '',
    compareAt: '',
    stock: '0',
    loadedStock: '',
    selected: false,
  };
}

export function emptyDraft(): ProductDraft {
  return {
    name: '',
    category: 'wigs',
    subcategory: '',
    description: '',
    status: 'draft',
    isFlashSale: false,
    grade: '',
    origin: '',
    texture: '',
    details: Object.fromEntries(DETAIL_KEYS.map((k) => [k, ''])) as Record<DetailKey, string>,
    optionValues: Object.fromEntries(BUILDER_OPTIONS.map((k) => [k, ''])) as Record<BuilderOption, string>,
    rows: [emptyRow()],
    photos: [],
  };
}

/** The form as the database has it (the edit page's starting point). */
export function draftFromProduct(product: {
  name: string;
  category: string;
  subcategory: string;
  description: string;
  status: string;
  isFlashSale: boolean;
  grade: string | null;
  origin: string | null;
  texture: string | null;
  details: Record<string, string | undefined>;
  variants: {
    id: number;
    sku: string;
    options: Record<string, string>;
    priceKobo: number;
    compareAtPriceKobo: number | null;
    stock: number;
  }[];
  photos: { mediaId: string; alt: string }[];
}): ProductDraft {
  const values = valuesOf(product.variants);
  return {
    name: product.name,
    category: product.category,
    subcategory: product.subcategory,
    description: product.description,
    status: product.status,
    isFlashSale: product.isFlashSale,
    grade: product.grade ?? '',
    origin: product.origin ?? '',
    texture: product.texture ?? '',
    details: Object.fromEntries(DETAIL_KEYS.map((k) => [k, product.details[k] ?? ''])) as Record<
      DetailKey,
      string
    >,
    optionValues: Object.fromEntries(BUILDER_OPTIONS.map((k) => [k, (values[k] ?? []).join(', ')])) as Record<
      BuilderOption,
      string
    >,
    rows: product.variants.map((v) => ({
      id: String(v.id),
      options: v.options,
      sku: v.sku,
      price: koboToNairaInput(v.priceKobo),
      compareAt: v.compareAtPriceKobo === null ? '' : koboToNairaInput(v.compareAtPriceKobo),
      stock: String(v.stock),
      loadedStock: String(v.stock),
      selected: false,
    })),
    photos: product.photos,
  };
}

/** The form as posted (a flat record of strings; `photos` holds the media ids, comma-separated). */
export function draftFromForm(values: Record<string, string>): ProductDraft {
  const get = (name: string) => values[name] ?? '';
  const count = Math.min(Math.max(Number.parseInt(get('rows'), 10) || 0, 0), MAX_VARIANTS);
  const rows: DraftRow[] = [];
  for (let i = 0; i < count; i++) {
    const options: Record<string, string> = {};
    for (const key of BUILDER_OPTIONS) {
      const value = get(field.row(i, `opt-${key}`)).trim();
      if (value) options[key] = value;
    }
    rows.push({
      id: get(field.row(i, 'id')),
      options,
      sku: get(field.row(i, 'sku')),
      price: get(field.row(i, 'price')),
      compareAt: get(field.row(i, 'compareAt')),
      stock: get(field.row(i, 'stock')),
      loadedStock: get(field.row(i, 'loadedStock')),
      selected: get(field.row(i, 'selected')) === 'on',
    });
  }
  const photoIds = splitValues(get('photos'));
  return {
    name: get('name'),
    category: get('category'),
    subcategory: get('subcategory'),
    description: get('description'),
    status: get('status'),
    isFlashSale: get('isFlashSale') === 'on',
    grade: get('grade'),
    origin: get('origin'),
    texture: get('texture'),
    details: Object.fromEntries(DETAIL_KEYS.map((k) => [k, get(field.detail(k))])) as Record<
      DetailKey,
      string
    >,
    optionValues: Object.fromEntries(BUILDER_OPTIONS.map((k) => [k, get(field.option(k))])) as Record<
      BuilderOption,
      string
    >,
    rows: rows.length > 0 ? rows : [emptyRow()],
    photos: photoIds.map((mediaId) => ({ mediaId, alt: get(field.photoAlt(mediaId)) })),
  };
}

/**
 * One row per combination of the picked values. A row whose combination is still there keeps its
 * id, SKU, price and stock; a new one starts from the first row's price and no stock.
 */
export function rebuildRows(draft: ProductDraft): ProductDraft {
  const picked = Object.fromEntries(BUILDER_OPTIONS.map((k) => [k, splitValues(draft.optionValues[k])]));
  const combos = combinations(picked).slice(0, MAX_VARIANTS);
  const existing = new Map(draft.rows.map((r) => [comboKey(r.options), r]));
  const template = draft.rows[0];
  const rows = combos.map((options) => {
    const kept = existing.get(comboKey(options));
    if (kept) return { ...kept, options };
    return {
      ...emptyRow(),
      options,
      price: template?.price ?? '',
      compareAt: template?.compareAt ?? '',
      sku: suggestSku(draft.name, options),
    };
  });
  // A simple product's single row, turned into the first combination, keeps its id and stock.
  const simple = draft.rows.length === 1 && template && Object.keys(template.options).length === 0;
  if (simple && template.id && rows[0] && !rows[0].id) {
    rows[0] = { ...template, options: rows[0].options, sku: template.sku || rows[0].sku };
  }
  return { ...draft, rows };
}

/** "Set for all selected": the typed price, original price and stock copied onto the ticked rows. */
export function applyToSelected(
  draft: ProductDraft,
  bulk: { price: string; compareAt: string; stock: string },
): ProductDraft {
  const anySelected = draft.rows.some((r) => r.selected);
  return {
    ...draft,
    rows: draft.rows.map((r) =>
      anySelected && !r.selected
        ? r
        : {
            ...r,
            price: bulk.price.trim() ? bulk.price : r.price,
            compareAt: bulk.compareAt.trim() ? bulk.compareAt : r.compareAt,
            stock: bulk.stock.trim() ? bulk.stock : r.stock,
          },
    ),
  };
}

export interface CheckedVariant {
  id?: number;
  sku: string;
  options: Record<string, string>;
  priceKobo: number;
  compareAtPriceKobo: number | null;
  stock: number;
  loadedStock?: number;
}

export interface CheckedProduct {
  name: string;
  category: CategorySlug;
  subcategory: string;
  description: string;
  status: EditableStatus;
  isFlashSale: boolean;
  grade: string | null;
  origin: string | null;
  texture: string | null;
  details: Partial<Record<DetailKey, string>>;
  variants: CheckedVariant[];
  photos: { mediaId: string; alt: string }[];
}

const WHOLE = /^\d{1,7}$/;

/** A row in words for messages: its options, or "the product" for a simple one. */
export function rowName(row: { options: Record<string, string> }): string {
  const label = variantLabel(row.options);
  return label ? `“${label}”` : 'the product';
}

/**
 * The draft checked field by field: the save's input, or the field errors keyed by the form's
 * field names (messages an owner understands). SKUs left empty are suggested here.
 */
export function checkDraft(
  draft: ProductDraft,
): { ok: true; input: CheckedProduct } | { ok: false; fieldErrors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const fail = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  const name = draft.name.trim();
  if (!name) fail('name', 'Give the product a name.');
  else if (name.length > 120) fail('name', 'Keep the name under 120 characters.');
  if (!(CATEGORY_SLUGS as readonly string[]).includes(draft.category)) fail('category', 'Choose a category.');
  if (!(EDITABLE_STATUSES as readonly string[]).includes(draft.status))
    fail('status', 'Choose draft or active.');
  if (draft.subcategory.trim().length > 60) fail('subcategory', 'Keep the subcategory under 60 characters.');
  if (draft.description.length > 5000) fail('description', 'Keep the description under 5,000 characters.');
  for (const key of ['grade', 'origin', 'texture'] as const) {
    if (draft[key].trim().length > 60) fail(key, 'Keep it under 60 characters.');
  }
  for (const key of DETAIL_KEYS) {
    if (draft.details[key].trim().length > 500) fail(field.detail(key), 'Keep it under 500 characters.');
  }
  if (draft.rows.length === 0) fail('rows', 'Add at least one price and stock.');
  if (draft.rows.length > MAX_VARIANTS) fail('rows', `At most ${MAX_VARIANTS} variants per product.`);
  const variants: CheckedVariant[] = [];
  const skus = new Map<string, number>();
  const combos = new Set<string>();
  draft.rows.forEach((row, i) => {
    const label = rowName(row);
    const priceKobo = parseNairaInput(row.price);
    if (priceKobo === null) fail(field.row(i, 'price'), `Enter the price of ${label} in naira, e.g. 45,000.`);
    else if (priceKobo === 0) fail(field.row(i, 'price'), `The price of ${label} cannot be zero.`);
    let compareAtPriceKobo: number | null = null;
    if (row.compareAt.trim()) {
      compareAtPriceKobo = parseNairaInput(row.compareAt);
      if (compareAtPriceKobo === null)
        fail(field.row(i, 'compareAt'), `Enter the original price of ${label} in naira, e.g. 55,000.`);
      else if (priceKobo !== null && compareAtPriceKobo <= priceKobo)
        fail(field.row(i, 'compareAt'), `The original price of ${label} must be above its price.`);
    }
    const stockText = row.stock.trim();
    if (!WHOLE.test(stockText))
      fail(field.row(i, 'stock'), `Enter the stock of ${label} as a whole number, 0 or more.`);
    const sku = (row.sku.trim() || suggestSku(name, row.options)).toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9._-]{0,59}$/.test(sku))
      fail(field.row(i, 'sku'), `The SKU of ${label} may hold letters, digits, dots, dashes (up to 60).`);
    const seen = skus.get(sku);
    if (seen !== undefined) fail(field.row(i, 'sku'), `The SKU ${sku} is already used by row ${seen + 1}.`);
    skus.set(sku, i);
    const key = comboKey(row.options);
    if (combos.has(key)) fail(field.row(i, 'sku'), `${label} appears twice.`);
    combos.add(key);
    const id = WHOLE.test(row.id) ? Number(row.id) : undefined;
    const loaded = WHOLE.test(row.loadedStock.trim()) ? Number(row.loadedStock) : undefined;
    variants.push({
      ...(id ? { id } : {}),
      sku,
      options: row.options,
      priceKobo: priceKobo ?? 0,
      compareAtPriceKobo,
      stock: WHOLE.test(stockText) ? Number(stockText) : 0,
      ...(loaded !== undefined ? { loadedStock: loaded } : {}),
    });
  });
  if (draft.photos.length > 20) fail('photos', 'At most 20 photos per product.');
  for (const p of draft.photos) {
    if (p.alt.length > 200)
      fail(field.photoAlt(p.mediaId), 'Keep the description of a photo under 200 characters.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const optional = (text: string) => text.trim() || null;
  return {
    ok: true,
    input: {
      name,
      category: draft.category as CategorySlug,
      subcategory: draft.subcategory.trim(),
      description: draft.description.trim(),
      status: draft.status as EditableStatus,
      isFlashSale: draft.isFlashSale,
      grade: optional(draft.grade),
      origin: optional(draft.origin),
      texture: optional(draft.texture),
      details: Object.fromEntries(
        DETAIL_KEYS.flatMap((k) => (draft.details[k].trim() ? [[k, draft.details[k].trim()]] : [])),
      ),
      variants,
      photos: draft.photos.map((p) => ({ mediaId: p.mediaId, alt: p.alt.trim() })),
    },
  };
}
