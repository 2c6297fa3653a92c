// The storefront popup banner (issue 13, ADR 031), kept off the page's critical path: nothing of it
// is in the first-load JavaScript but this hook. Once the page is idle, a small module is loaded
// that asks GET /api/v1/popup, leaves crawlers and already-seen popups alone, and opens a native
// <dialog>. Never on the checkout, payment or admin pages. Without JavaScript: no popup.
import { type ComponentType, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { popupAllowedOn } from '#app/lib/popup-pages.ts';
import type { StorefrontPopup } from '#core/contract/banners.ts';

interface Loaded {
  popup: StorefrontPopup;
  Dialog: ComponentType<{ popup: StorefrontPopup; onClose: () => void }>;
}

export function StorefrontPopupSlot() {
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [closed, setClosed] = useState(false);

  // Once per page load, where a popup is allowed.
  useEffect(() => {
    if (!popupAllowedOn(window.location.pathname)) return;
    let cancelled = false;
    const run = () => {
      import('./storefront-popup-dialog.tsx')
        .then((m) => m.loadPopup())
        .then((result) => {
          if (!cancelled && result) setLoaded(result);
        })
        .catch(() => {
          // A popup is never worth an error: stay quiet.
        });
    };
    // Safari has no requestIdleCallback: a timer does the same job there.
    const hasIdle = 'requestIdleCallback' in window;
    const idle = hasIdle ? window.requestIdleCallback(run, { timeout: 4000 }) : window.setTimeout(run, 2000);
    return () => {
      cancelled = true;
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  if (!loaded || closed || !popupAllowedOn(pathname)) return null;
  const { Dialog, popup } = loaded;
  return <Dialog popup={popup} onClose={() => setClosed(true)} />;
}
