import { useEffect } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { isCurrencyCode } from '#core/money.ts';
import { useRootData } from './store-data.ts';

const STORAGE_KEY = 'currency';

/** Works without JavaScript (a form posting to /currency); with it, changes apply at once. */
export function CurrencySelector({ id, tone = 'dark' }: { id: string; tone?: 'dark' | 'light' }) {
  const root = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  if (!root) return null;
  const pending = fetcher.formData?.get('currency');
  const current = typeof pending === 'string' ? pending : root.currency.code;

  return (
    <fetcher.Form method="post" action="/currency" className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={id} className="sr-only">
        Currency
      </label>
      <select
        id={id}
        name="currency"
        value={current}
        {...mark(HOOK.currencySelect)}
        onChange={(event) => {
          const code = event.currentTarget.value;
          try {
            localStorage.setItem(STORAGE_KEY, code);
          } catch {}
          fetcher.submit({ currency: code, _js: '1' }, { method: 'post', action: '/currency' });
        }}
        className={
          tone === 'dark'
            ? 'min-h-8 cursor-pointer rounded bg-transparent px-1 text-xs font-semibold text-cream focus:text-ink'
            : 'input min-h-10 w-auto py-1 text-sm'
        }
      >
        {root.currencies.map((c) => (
          <option key={c.code} value={c.code} className="text-ink">
            {c.symbol} {c.code}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-gold-400 px-2 py-1 text-xs font-semibold text-ink">
          Set
        </button>
      </noscript>
    </fetcher.Form>
  );
}

/**
 * The spec keeps the choice in local storage under `currency`; the cookie lets the server render it
 * on the first byte. If the cookie was lost but local storage remembers, restore it once.
 */
export function useRestoreCurrency() {
  const root = useRootData();
  const fetcher = useFetcher();
  const serverCode = root?.currency.code;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page load
  useEffect(() => {
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(STORAGE_KEY);
    } catch {}
    if (!serverCode) return;
    if (saved && isCurrencyCode(saved) && saved !== serverCode && !document.cookie.includes('currency=')) {
      fetcher.submit({ currency: saved, _js: '1' }, { method: 'post', action: '/currency' });
    } else {
      try {
        localStorage.setItem(STORAGE_KEY, serverCode);
      } catch {}
    }
  }, []);
}
