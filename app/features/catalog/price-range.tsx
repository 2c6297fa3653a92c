import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { PRICE_RANGE_MAX_NAIRA } from '#core/catalog.ts';
import { priceRangeLabel } from './listing-params.ts';

export const PRICE_RANGE_STEP = 5_000;

/**
 * Two sliders (from, to) over the spec's ₦0–₦200,000 range; the top means "and above". They are
 * plain form fields, so the range works with JavaScript off (the Apply button submits the form);
 * on the listing, app/islands/listing.ts keeps the label and the two ends in step as they move.
 */
export function PriceRange({ minPrice, maxPrice }: { minPrice: number; maxPrice?: number }) {
  const from = Math.min(minPrice, PRICE_RANGE_MAX_NAIRA);
  const to = maxPrice ?? PRICE_RANGE_MAX_NAIRA;
  return (
    <fieldset className="space-y-3" {...mark(HOOK.priceRange)}>
      <legend className="text-sm font-semibold">Price</legend>
      <p className="text-sm text-muted" aria-live="polite" {...mark(HOOK.priceRangeLabel)}>
        {priceRangeLabel(from)} – {priceRangeLabel(to)}
      </p>
      <div className="space-y-2">
        <Slider label="From" name="minPrice" value={from} />
        <Slider label="To" name="maxPrice" value={to} />
      </div>
    </fieldset>
  );
}

function Slider(props: { label: string; name: string; value: number }) {
  return (
    <label className="flex items-center gap-3 text-sm">
      <span className="w-10 shrink-0 text-muted">{props.label}</span>
      <input
        type="range"
        name={props.name}
        min={0}
        max={PRICE_RANGE_MAX_NAIRA}
        step={PRICE_RANGE_STEP}
        defaultValue={props.value}
        aria-valuetext={priceRangeLabel(props.value)}
        className="w-full accent-plum-800"
      />
    </label>
  );
}
