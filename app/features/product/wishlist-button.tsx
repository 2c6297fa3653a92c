// The product page's heart: saved or not. A guest's page is shared, so it renders unsaved and the
// islands script sets it from this browser's storage; a signed-in shopper's comes from the server,
// in the full render or in the shared page's personal slot (ADR 043).
import { Heart } from 'lucide-react';

export function WishlistButton({ saved }: { saved: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={saved ? 'remove' : 'add'}
      aria-pressed={saved}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      className="group inline-flex h-11 w-11 items-center justify-center rounded-full border border-ink/20 hover:border-plum-700"
    >
      <Heart
        className="h-5 w-5 group-aria-pressed:fill-sale group-aria-pressed:text-sale"
        aria-hidden="true"
      />
    </button>
  );
}
