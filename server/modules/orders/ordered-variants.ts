// The orders module's answer to "have these variants been ordered?" (a port: the catalogue asks it
// before removing a variant, so an order never loses the variant it points at; ADR 030).
import type { Queryable } from '#server/db/client.ts';
import { selectOrderedVariants } from './ordered-variants.repository.ts';

export type OrderedVariantsPort = (q: Queryable, variantIds: number[]) => Promise<Set<number>>;

export const orderedVariants: OrderedVariantsPort = async (q, variantIds) =>
  new Set(await selectOrderedVariants(q, [...new Set(variantIds)]));
