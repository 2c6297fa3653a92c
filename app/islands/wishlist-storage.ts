// A guest's wishlist in this browser: product ids in local storage under `wishlist` (the spec's
// key, as app/features/product/wishlist.ts keeps it on hydrated pages). Signed-in shoppers keep
// theirs on the server.
const KEY = 'wishlist';

export function readWishlist(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

export function writeWishlist(ids: number[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([...new Set(ids)]));
  } catch {
    // Private mode without storage: the heart still shows for this page.
  }
}
