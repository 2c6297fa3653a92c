import { describe, expect, it } from 'vitest';
import {
  formatNigerianPhone,
  isNigerianState,
  NIGERIAN_STATES,
  normalizeNigerianPhone,
  telHref,
  whatsAppHref,
} from './nigeria.ts';

describe('Nigerian states', () => {
  it('lists the 36 states and the FCT', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(isNigerianState('Lagos')).toBe(true);
    expect(isNigerianState('FCT (Abuja)')).toBe(true);
    expect(isNigerianState('Texas')).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 0803 123 4567', '+2348031234567'],
    ['(0909) 555-1234', '+2349095551234'],
    ['0701 234 5678', '+2347012345678'],
    ['0812.345.6789', '+2348123456789'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0803 123 456', // one digit short
    '0803 123 45678', // one too many
    '8031234567', // no leading 0 or country code
    '+44 7911 123456', // not Nigerian
    '0803-CALL-NOW',
    '0603 123 4567', // no such mobile prefix
  ])('refuses %j', (input) => {
    expect(normalizeNigerianPhone(input)).toBeNull();
  });

  it('formats a stored number the local way', () => {
    expect(formatNigerianPhone('+2348031234567')).toBe('0803 123 4567');
  });

  it('links a number for calling and for WhatsApp', () => {
    expect(telHref('+234 803 123 4567')).toBe('tel:+2348031234567');
    expect(whatsAppHref('2348031234567')).toBe('https://wa.me/2348031234567');
    expect(whatsAppHref('2348031234567', 'Hello & 1 × wig?')).toBe(
      'https://wa.me/2348031234567?text=Hello%20%26%201%20%C3%97%20wig%3F',
    );
  });
});
