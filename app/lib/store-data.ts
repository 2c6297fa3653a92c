// The root loader's data, read by the header, footer and every price on the page.
import { useRouteLoaderData } from 'react-router';
import { type Currency, NAIRA } from '#core/money.ts';
import type { loader as rootLoader } from '../root.tsx';

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>('root');
}

export function useCurrency(): Currency {
  return useRootData()?.currency ?? NAIRA;
}
