import { useState } from 'react';
import { PRICE_RANGE_MAX_NAIRA } from '#core/contract/catalog.ts';
import { formatPrice, nairaToKobo } from '#core/money.ts';

const STEP = 5_000;

/**
 * Two sliders (from, to) over the spec's ₦0–₦200,000 range; the top means "and above". They are
 * plain form fields, so the range works with JavaScript off (the Apply button submits the form).
 */
export function PriceRange({ minPrice, maxPrice }: { minPrice: number; maxPrice?: number }) {
  const [from, setFrom] = useState(Math.min(minPrice, PRICE_RANGE_MAX_NAIRA));
  const [to, setTo] = useState(maxPrice ?? PRICE_RANGE_MAX_NAIRA);
  const label = (naira: number) =>
    naira >= PRICE_RANGE_MAX_NAIRA ? `${formatPrice(nairaToKobo(naira))}+` : formatPrice(nairaToKobo(naira));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Price</legend>
      <p className="text-sm text-muted" aria-live="polite" data-testid="price-range-label">
        {label(from)} – {label(to)}
      </p>
      <div className="space-y-2">
        <label className="flex items-center gap-3 text-sm">
          <span className="w-10 shrink-0 text-muted">From</span>
          <input
            type="range"
            name="minPrice"
            min={0}
            max={PRICE_RANGE_MAX_NAIRA}
            step={STEP}
            value={from}
            aria-valuetext={label(from)}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              setFrom(v);
              if (v > to) setTo(v);
            }}
            className="w-full accent-plum-800"
          />
        </label>
        <label className="flex items-center gap-3 text-sm">
          <span className="w-10 shrink-0 text-muted">To</span>
          <input
            type="range"
            name="maxPrice"
            min={0}
            max={PRICE_RANGE_MAX_NAIRA}
            step={STEP}
            value={to}
            aria-valuetext={label(to)}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              setTo(v);
              if (v < from) setFrom(v);
            }}
            className="w-full accent-plum-800"
          />
        </label>
      </div>
    </fieldset>
  );
}
