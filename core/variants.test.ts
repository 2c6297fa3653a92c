import { describe, expect, it } from 'vitest';
import { initialVariant, optionGroups, variantFor } from './variants.ts';

const wig = [
  { id: 1, options: { length: '16"', density: '150%' }, stock: 0 },
  { id: 2, options: { length: '16"', density: '180%' }, stock: 4 },
  { id: 3, options: { length: '20"', density: '150%' }, stock: 9 },
  { id: 4, options: { length: '20"', density: '180%' }, stock: 2 },
  { id: 5, options: { length: '24"', density: '180%' }, stock: 1 },
];

describe('variant picker', () => {
  it('lists option groups in a fixed order with values in catalogue order', () => {
    expect(optionGroups(wig)).toEqual([
      { key: 'length', label: 'Length', values: ['16"', '20"', '24"'] },
      { key: 'density', label: 'Density', values: ['150%', '180%'] },
    ]);
  });

  it('opens on the requested variant, else the first one in stock', () => {
    expect(initialVariant(wig, 4)?.id).toBe(4);
    expect(initialVariant(wig, 99)?.id).toBe(2);
    expect(initialVariant(wig)?.id).toBe(2);
  });

  it('keeps the other options when one changes, and falls back when that combination does not exist', () => {
    expect(variantFor(wig, wig[1]!, 'length', '20"')?.id).toBe(4);
    expect(variantFor(wig, wig[2]!, 'length', '16"')?.id).toBe(1);
    expect(variantFor(wig, wig[2]!, 'length', '24"')?.id).toBe(5);
    expect(variantFor(wig, wig[0]!, 'colour', '613')).toBeUndefined();
  });
});
