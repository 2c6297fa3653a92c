// The wishlist. Guests keep product ids in local storage under `wishlist` (the spec's key);
// signed-in shoppers keep them on the server (root loader's `wishlistIds`), so they follow them
// to every device. On sign-in, what the guest saved is merged into the account and cleared here.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useFetcher } from 'react-router';
import { useRootData } from '#app/lib/store-data.ts';

const KEY = 'wishlist';
const EVENT = 'wishlist-change';
export const WISHLIST_ACTION = '/account/wishlist';

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

function useLocalWishlist(): number[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export function useWishlist() {
  const serverIds = useRootData()?.wishlistIds ?? null;
  const localIds = useLocalWishlist();
  const fetcher = useFetcher();
  const signedIn = serverIds !== null;

  // While a change is on its way, show it already (it is undone if the server refuses).
  let ids = signedIn ? serverIds : localIds;
  const pending = fetcher.formData;
  if (signedIn && pending) {
    const changed = String(pending.get('productId')).split(',').map(Number);
    ids =
      pending.get('intent') === 'remove'
        ? ids.filter((x) => !changed.includes(x))
        : [...new Set([...ids, ...changed])];
  }

  const toggle = useCallback(
    (id: number) => {
      if (signedIn) {
        const saved = (serverIds ?? []).includes(id);
        fetcher.submit(
          { intent: saved ? 'remove' : 'add', productId: String(id) },
          { method: 'post', action: WISHLIST_ACTION },
        );
        return;
      }
      const current = read();
      writeWishlist(current.includes(id) ? current.filter((x) => x !== id) : [...current, id]);
    },
    [signedIn, serverIds, fetcher],
  );
  const clear = useCallback(() => {
    if (!signedIn) return writeWishlist([]);
    fetcher.submit(
      { intent: 'remove', productId: (serverIds ?? []).join(',') },
      { method: 'post', action: WISHLIST_ACTION },
    );
  }, [signedIn, serverIds, fetcher]);
  return { ids, toggle, clear, signedIn, has: (id: number) => ids.includes(id) };
}

/** Once signed in, moves what this browser saved as a guest into the account (once). */
export function useMergeGuestWishlist() {
  const signedIn = (useRootData()?.wishlistIds ?? null) !== null;
  const localIds = useLocalWishlist();
  const fetcher = useFetcher<{ ok: boolean }>();
  const key = localIds.join(',');
  useEffect(() => {
    if (!signedIn || key === '' || fetcher.state !== 'idle' || fetcher.data) return;
    fetcher.submit({ intent: 'add', productId: key }, { method: 'post', action: WISHLIST_ACTION });
  }, [signedIn, key, fetcher]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) writeWishlist([]);
  }, [fetcher.state, fetcher.data]);
}
