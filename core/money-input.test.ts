import { describe, expect, it } from 'vitest';
import { koboToNairaInput, MAX_NAIRA_INPUT_KOBO, parseNairaInput } from './money-input.ts';

describe('parseNairaInput', () => {
  it('reads naira as owners type them', () => {
    expect(parseNairaInput('45000')).toBe(4_500_000);
    expect(parseNairaInput('45,000')).toBe(4_500_000);
    expect(parseNairaInput('1,234,567')).toBe(123_456_700);
    expect(parseNairaInput('45000.50')).toBe(4_500_050);
    expect(parseNairaInput('45000.5')).toBe(4_500_050);
    expect(parseNairaInput(' ₦45,000 ')).toBe(4_500_000);
    expect(parseNairaInput('NGN 2500')).toBe(250_000);
    expect(parseNairaInput('0.01')).toBe(1);
    expect(parseNairaInput('0')).toBe(0);
    expect(parseNairaInput('007')).toBe(700);
  });

  it('is exact where floating point is not', () => {
    expect(parseNairaInput('0.29')).toBe(29);
    expect(parseNairaInput('1.15')).toBe(115);
    expect(parseNairaInput('19999.99')).toBe(1_999_999);
  });

  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '-500',
      '45.000',
      '4,50,000',
      '45,00',
      '1.234',
      '1e5',
      '12.',
      '.5',
      '₦',
      '5 000 000 000 000',
    ]) {
      expect(parseNairaInput(text), text).toBeNull();
    }
  });

  it('refuses amounts beyond what the database holds', () => {
    expect(parseNairaInput('20,000,000')).toBe(MAX_NAIRA_INPUT_KOBO);
    expect(parseNairaInput('20,000,000.01')).toBeNull();
    expect(parseNairaInput('99999999999999')).toBeNull();
  });

  it('round-trips with koboToNairaInput', () => {
    for (const kobo of [0, 1, 50, 100, 4_500_000, 4_500_050, 123_456_789]) {
      expect(parseNairaInput(koboToNairaInput(kobo))).toBe(kobo);
    }
    expect(koboToNairaInput(4_500_050)).toBe('45000.50');
  });
});

describe('parseNairaInput, as the product form uses it', () => {
  it.each([
    ['45,000', 4_500_000],
    ['45000', 4_500_000],
    ['45000.5', 4_500_050],
    ['45,000.50', 4_500_050],
    ['₦1,250,000', 125_000_000],
    [' 0 ', 0],
    ['0.01', 1],
    ['45 000', 4_500_000],
  ])('%s is %d kobo', (text, kobo) => {
    expect(parseNairaInput(text)).toBe(kobo);
  });

  it.each(['', 'abc', '-5', '45,00', '4,5000', '1.234', '1e5', '99999999999999999'])('refuses %j', (text) => {
    expect(parseNairaInput(text)).toBeNull();
  });

  it('round-trips what it shows', () => {
    for (const kobo of [0, 1, 99, 100, 4_500_050, 123_456_789]) {
      expect(parseNairaInput(koboToNairaInput(kobo))).toBe(kobo);
    }
  });
});
