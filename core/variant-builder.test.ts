import { describe, expect, it } from 'vitest';
import { combinations, comboKey, splitValues, suggestSku, valuesOf } from './variant-builder.ts';

describe('variant builder', () => {
  it('splits typed values on commas and new lines, dropping blanks and repeats', () => {
    expect(splitValues('12", 14" ,\n16", , 14"')).toEqual(['12"', '14"', '16"']);
  });

  it('makes one row per combination, in option order', () => {
    const rows = combinations({ texture: ['Straight', 'Body Wave'], length: ['12"', '14"', '16"'] });
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ length: '12"', texture: 'Straight' });
    expect(rows[5]).toEqual({ length: '16"', texture: 'Body Wave' });
    expect(combinations({})).toEqual([{}]);
  });

  it('names a combination the same whatever its key order', () => {
    expect(comboKey({ texture: 'A', length: 'B' })).toBe(comboKey({ length: 'B', texture: 'A' }));
  });

  it('reads the values back from rows', () => {
    expect(valuesOf([{ options: { length: '12"' } }, { options: { length: '14"' } }])).toEqual({
      length: ['12"', '14"'],
    });
  });

  it('suggests readable SKUs', () => {
    expect(suggestSku('Body Wave Wig', { length: '16"', density: '150%' })).toBe('BWW-16IN-150');
    expect(suggestSku('', {})).toBe('CH');
  });
});
