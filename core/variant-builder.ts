// The admin variant builder's rules, shared by the form (with and without JavaScript) and the
// server: the options an owner picks values for, the matrix of combinations, SKUs made from them.
import { OPTION_LABELS, OPTION_ORDER } from './variants.ts';

/**
 * The options the builder offers, in the order the product page shows them: every option the
 * catalogue uses (OPTION_ORDER), so any product opens and saves unchanged (issue 29: packs and
 * cap sizes were dropped, and six sample products could not be saved).
 */
export const BUILDER_OPTIONS = OPTION_ORDER;
export type BuilderOption = (typeof BUILDER_OPTIONS)[number];
export const BUILDER_LABELS: Record<BuilderOption, string> = {
  length: OPTION_LABELS.length!,
  texture: OPTION_LABELS.texture!,
  laceSize: OPTION_LABELS.laceSize!,
  density: OPTION_LABELS.density!,
  colour: OPTION_LABELS.colour!,
  capSize: OPTION_LABELS.capSize!,
  packs: OPTION_LABELS.packs!,
};
export const BUILDER_HINTS: Record<BuilderOption, string> = {
  length: 'e.g. 12", 14", 16"',
  texture: 'e.g. Straight, Body Wave',
  laceSize: 'e.g. 13x4, 5x5',
  density: 'e.g. 150%, 180%',
  colour: 'e.g. Natural Black, 1B',
  capSize: 'e.g. S, M, L',
  packs: 'e.g. 1 pack, 3 packs',
};
export const MAX_VARIANTS = 200;

/** "12\", 14\" , 16\"" → ['12"', '14"', '16"'] (commas or new lines; blanks and repeats dropped). */
export function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

export type OptionValues = Partial<Record<BuilderOption, string[]>>;

/** Every combination of the picked values, in option order; one empty combination when none. */
export function combinations(values: OptionValues): Record<string, string>[] {
  let rows: Record<string, string>[] = [{}];
  for (const key of BUILDER_OPTIONS) {
    const list = values[key] ?? [];
    if (list.length === 0) continue;
    rows = rows.flatMap((row) => list.map((value) => ({ ...row, [key]: value })));
  }
  return rows;
}

/** The same combination, whatever order its keys came in (a row's identity in the matrix). */
export function comboKey(options: Record<string, string>): string {
  return BUILDER_OPTIONS.filter((k) => options[k])
    .map((k) => `${k}=${options[k]}`)
    .join('|');
}

/** The values each option takes across existing rows (to fill the builder when editing). */
export function valuesOf(rows: readonly { options: Record<string, string> }[]): OptionValues {
  const out: OptionValues = {};
  for (const key of BUILDER_OPTIONS) {
    const list = [...new Set(rows.flatMap((r) => (r.options[key] ? [r.options[key]] : [])))];
    if (list.length > 0) out[key] = list;
  }
  return out;
}

function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/["”″]/g, 'IN')
    .replace(/%/g, '')
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 6);
}

/** A readable SKU: the product's initials and the combination, e.g. "BWW-16IN-150" (uniqueness is the caller's). */
export function suggestSku(productName: string, options: Record<string, string>): string {
  const initials =
    productName
      .split(/\s+/)
      .map((w) => skuPart(w).slice(0, 1))
      .join('')
      .slice(0, 4) || 'CH';
  const parts = BUILDER_OPTIONS.filter((k) => options[k]).map((k) => skuPart(options[k]!));
  return [initials, ...parts].filter(Boolean).join('-').slice(0, 60);
}
