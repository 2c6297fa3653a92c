// The listing's filters on a page React does not hydrate (ADR 039): the sort applies as soon as it
// changes, Apply writes only the meaningful parameters to the address (short, shareable links),
// and the price sliders' label and ends keep in step while they move. Without JavaScript the form
// submits every field and the server reads them the same way.

import { filtersHref, priceRangeLabel, readListingState } from '#app/features/catalog/listing-params.ts';
import { HOOK, select } from '#app/lib/islands-contract.ts';

export function enhanceListing(): void {
  const form = document.querySelector<HTMLFormElement>(`form${select(HOOK.listingFilters)}`);
  if (!form) return;
  const go = () => {
    const current = readListingState(new URLSearchParams(window.location.search));
    window.location.assign(filtersHref(current, new FormData(form)));
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go();
  });
  form.querySelector('select[name="sort"]')?.addEventListener('change', go);

  const range = form.querySelector<HTMLElement>(select(HOOK.priceRange));
  const from = range?.querySelector<HTMLInputElement>('input[name="minPrice"]');
  const to = range?.querySelector<HTMLInputElement>('input[name="maxPrice"]');
  const label = range?.querySelector<HTMLElement>(select(HOOK.priceRangeLabel));
  if (!from || !to || !label) return;
  const show = () => {
    for (const input of [from, to])
      input.setAttribute('aria-valuetext', priceRangeLabel(Number(input.value)));
    label.textContent = `${priceRangeLabel(Number(from.value))} – ${priceRangeLabel(Number(to.value))}`;
  };
  from.addEventListener('input', () => {
    if (Number(from.value) > Number(to.value)) to.value = from.value;
    show();
  });
  to.addEventListener('input', () => {
    if (Number(to.value) < Number(from.value)) from.value = to.value;
    show();
  });
}
