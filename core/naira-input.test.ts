import { describe, expect, it } from 'vitest';
import { koboToNairaInput, parseNairaInput } from './naira-input.ts';

describe('parseNairaInput', () => {
  it.each([
    ['45,000', 4_500_000],
    ['45000', 4_500_000],
    ['45000.5', 4_500_050],
    ['45,000.50', 4_500_050],
    ['₦1,250,000', 125_000_000],
    [' 0 ', 0],
    ['0.01', 1],
  ])('%s is %d kobo', (text, kobo) => {
    expect(parseNairaInput(text)).toBe(kobo);
  });

  it.each(['', 'abc', '-5', '45,00', '4,5000', '1.234', '1e5', '45 000', '99999999999999999'])(
    'refuses %j',
    (text) => {
      expect(parseNairaInput(text)).toBeNull();
    },
  );

  it('round-trips what it shows', () => {
    for (const kobo of [0, 1, 99, 100, 4_500_050, 123_456_789]) {
      expect(parseNairaInput(koboToNairaInput(kobo))).toBe(kobo);
    }
  });
});
