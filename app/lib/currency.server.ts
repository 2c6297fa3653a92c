import { createCookie } from 'react-router';
import { type Currency, type CurrencyCode, DEFAULT_CURRENCY, isCurrencyCode } from '#core/money.ts';

export const currencyCookie = createCookie('currency', {
  path: '/',
  sameSite: 'lax',
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readCurrencyCode(request: Request): Promise<CurrencyCode> {
  const value: unknown = await currencyCookie.parse(request.headers.get('cookie'));
  return isCurrencyCode(value) ? value : DEFAULT_CURRENCY;
}

export function pickCurrency(currencies: Currency[], code: CurrencyCode): Currency {
  return currencies.find((c) => c.code === code) ?? currencies.find((c) => c.code === DEFAULT_CURRENCY)!;
}
