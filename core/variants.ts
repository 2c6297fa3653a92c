// Variant picking for the product page: which option groups a product has, and which variant a
// click on one option value leads to.

export interface VariantLike {
  id: number;
  options: Record<string, string>;
  stock: number;
}

export const OPTION_ORDER = [
  'length',
  'texture',
  'laceSize',
  'density',
  'colour',
  'capSize',
  'packs',
] as const;
export const OPTION_LABELS: Record<string, string> = {
  length: 'Length',
  texture: 'Texture',
  laceSize: 'Lace size',
  density: 'Density',
  colour: 'Colour',
  capSize: 'Cap size',
  packs: 'Packs',
};

export interface OptionGroup {
  key: string;
  label: string;
  values: string[];
}

/** Option groups in a fixed order, values in the order the variants list them. */
export function optionGroups(variants: VariantLike[]): OptionGroup[] {
  const keys = new Set(variants.flatMap((v) => Object.keys(v.options)));
  const ordered = [
    ...OPTION_ORDER.filter((k) => keys.has(k)),
    ...[...keys].filter((k) => !(OPTION_ORDER as readonly string[]).includes(k)).sort(),
  ];
  return ordered.map((key) => ({
    key,
    label: OPTION_LABELS[key] ?? key,
    values: [...new Set(variants.flatMap((v) => (v.options[key] ? [v.options[key]] : [])))],
  }));
}

/** The variant a product page opens on: the one asked for, else the first in stock, else the first. */
export function initialVariant<V extends VariantLike>(
  variants: V[],
  requestedId?: number | null,
): V | undefined {
  return variants.find((v) => v.id === requestedId) ?? variants.find((v) => v.stock > 0) ?? variants[0];
}

/**
 * The variant reached by choosing `value` for option `key` while `current` is selected: the one
 * that keeps every other option, else the best other variant with that value (in stock first).
 */
export function variantFor<V extends VariantLike>(
  variants: V[],
  current: V,
  key: string,
  value: string,
): V | undefined {
  const withValue = variants.filter((v) => v.options[key] === value);
  const keepsOthers = withValue.find((v) =>
    Object.entries(current.options).every(([k, val]) => k === key || v.options[k] === val),
  );
  return keepsOthers ?? withValue.find((v) => v.stock > 0) ?? withValue[0];
}

/** A variant in words, for carts and orders: "18\" · Body Wave · 1B". */
export function variantLabel(options: Record<string, string>): string {
  const keys = [
    ...OPTION_ORDER.filter((k) => options[k]),
    ...Object.keys(options)
      .filter((k) => !(OPTION_ORDER as readonly string[]).includes(k))
      .sort(),
  ];
  return keys.map((k) => options[k]).join(' · ');
}
