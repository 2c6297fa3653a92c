// A star rating shown as five stars, filled to the nearest half, with the figure in words for
// screen readers (the stars themselves are decoration).
import { Star } from 'lucide-react';

export function Stars({
  rating,
  size = 'sm',
  label,
}: {
  rating: number;
  size?: 'sm' | 'md';
  label?: string;
}) {
  const px = size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={label ?? `${rating} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'none';
        return (
          <span key={n} className={`relative inline-block ${px}`} aria-hidden="true">
            <Star className={`absolute inset-0 ${px} text-gold-500`} />
            {fill !== 'none' ? (
              <span className={`absolute inset-0 overflow-hidden ${fill === 'half' ? 'w-1/2' : 'w-full'}`}>
                <Star className={`${px} fill-gold-500 text-gold-500`} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
