import { describe, expect, it } from 'vitest';
import { customerEmailKey } from './email-identity.ts';

describe('customerEmailKey: the address per-customer limits count', () => {
  it.each([
    ['Amaka@Example.ng', 'amaka@example.ng'],
    ['  amaka@example.ng ', 'amaka@example.ng'],
    ['amaka+promo@example.ng', 'amaka@example.ng'],
    ['amaka+a+b@example.ng', 'amaka@example.ng'],
    ['AMAKA+Shoes@EXAMPLE.NG', 'amaka@example.ng'],
    ['a.ma.ka@example.ng', 'a.ma.ka@example.ng'],
    ['Ada.Lovelace@gmail.com', 'adalovelace@gmail.com'],
    ['ada.love.lace+promo@googlemail.com', 'adalovelace@gmail.com'],
    ['ADA.LOVELACE+2@GMAIL.COM', 'adalovelace@gmail.com'],
    ['adalovelace@GoogleMail.com', 'adalovelace@gmail.com'],
    ['ada.lovelace@gmail.com.ng', 'ada.lovelace@gmail.com.ng'],
    ['ada.lovelace@mail.gmail.com', 'ada.lovelace@mail.gmail.com'],
  ])('%s → %s', (email, key) => {
    expect(customerEmailKey(email)).toBe(key);
  });

  it('keeps an address it cannot split (no @) as lower case, and a "+" alone as it is', () => {
    expect(customerEmailKey('Not An Address')).toBe('not an address');
    expect(customerEmailKey('+@example.ng')).toBe('+@example.ng');
  });

  it('splits at the last @ (a quoted local part may hold one)', () => {
    expect(customerEmailKey('"a@b"+x@Example.ng')).toBe('"a@b"@example.ng');
  });
});
