import { useState } from 'react';
import { PRICE_RANGE_MAX_NAIRA } from '#core/catalog.ts';
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
        <Slider
          label="From"
          name="minPrice"
          value={from}
          valueText={label(from)}
          onChange={(v) => {
            setFrom(v);
            if (v > to) setTo(v);
          }}
        />
        <Slider
          label="To"
          name="maxPrice"
          value={to}
          valueText={label(to)}
          onChange={(v) => {
            setTo(v);
            if (v < from) setFrom(v);
          }}
        />
      </div>
    </fieldset>
  );
}

function Slider(props: {
  label: string;
  name: string;
  value: number;
  valueText: string;
  onChange(value: number): void;
}) {
  return (
    <label className="flex items-center gap-3 text-sm">
      <span className="w-10 shrink-0 text-muted">{props.label}</span>
      <input
        type="range"
        name={props.name}
        min={0}
        max={PRICE_RANGE_MAX_NAIRA}
        step={STEP}
        value={props.value}
        aria-valuetext={props.valueText}
        onChange={(e) => props.onChange(Number(e.currentTarget.value))}
        className="w-full accent-plum-800"
      />
    </label>
  );
}
