// A star rating shown as five stars, filled to the nearest half, with the figure in words for
// screen readers (the stars themselves are decoration). Each rating is one small SVG that reuses
// the page's one star shape (<StarSymbol>, rendered once by the root layout): a product page
// shows dozens of ratings, and five full icons each made half its HTML.

const STAR_ID = 'i-star';
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
/** Each star's box in the rating's coordinates: 24 wide, and a gap as the old icons had. */
const STEP = 26;
const POSITIONS = [0, 1, 2, 3, 4].map((i) => i * STEP);

/** The star shape every rating on the page points at; rendered once, in the root layout. */
export function StarSymbol() {
  return (
    <svg aria-hidden="true" className="absolute h-0 w-0 overflow-hidden">
      <symbol id={STAR_ID} viewBox="0 0 24 24">
        <path d={STAR_PATH} strokeLinejoin="round" />
      </symbol>
    </svg>
  );
}

export function Stars({
  rating,
  size = 'sm',
  label,
}: {
  rating: number;
  size?: 'sm' | 'md';
  label?: string;
}) {
  const box = size === 'md' ? 'h-5 w-[6.67rem]' : 'h-4 w-[5.33rem]';
  const rounded = Math.round(rating * 2) / 2;
  // Filled up to the rating: whole stars, and the left half of the next one for a half.
  const filled = Math.floor(rounded) * STEP + (rounded % 1 ? 12 : 0);
  const width = STEP * 4 + 24;
  const stars = POSITIONS.map((x) => <use key={x} href={`#${STAR_ID}`} x={x} width={24} height={24} />);
  return (
    <span className="inline-flex items-center" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
      <svg viewBox={`0 0 ${width} 24`} className={`${box} text-gold-500`} aria-hidden="true">
        <g fill="none" stroke="currentColor" strokeWidth={2}>
          {stars}
        </g>
        {filled > 0 ? (
          <svg width={filled} height={24} viewBox={`0 0 ${filled} 24`} fill="currentColor">
            {stars}
          </svg>
        ) : null}
      </svg>
    </span>
  );
}
