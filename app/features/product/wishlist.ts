// The guest wishlist: product ids in local storage under `wishlist` (the spec's key).
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'wishlist';
const EVENT = 'wishlist-change';

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

let cache: { raw: string | null; ids: number[] } = { raw: null, ids: [] };
function snapshot(): number[] {
  const raw = localStorage.getItem(KEY);
  if (raw !== cache.raw) cache = { raw, ids: read() };
  return cache.ids;
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

export function writeWishlist(ids: number[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify([...new Set(ids)]));
  } catch {}
  window.dispatchEvent(new Event(EVENT));
}

const EMPTY: number[] = [];

export function useWishlist() {
  const ids = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const toggle = useCallback((id: number) => {
    const current = read();
    writeWishlist(current.includes(id) ? current.filter((x) => x !== id) : [...current, id]);
  }, []);
  return { ids, toggle, has: (id: number) => ids.includes(id) };
}
