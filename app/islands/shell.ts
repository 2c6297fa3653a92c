// The storefront shell's enhancements on pages React does not hydrate (ADR 039): the currency
// select, the search and track-order pop-ups, toasts that hide themselves, the footer's newsletter
// answer in place, a guest wishlist joining the account after sign-in, and the popup banner
// (loaded once the page is idle, in its own chunk).

import { HOOK, select } from '#app/lib/islands-contract.ts';
import { popupAllowedOn } from '#app/lib/popup-pages.ts';
import { MAX_VISIBLE_TOASTS } from '#app/lib/toast.ts';
import { readWishlist, writeWishlist } from './wishlist-storage.ts';

const CURRENCY_KEY = 'currency';
const TOAST_HIDE_AFTER_MS = { success: 6000, error: 10000 } as const;

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the cookie still carries the choice.
  }
}

/** The select posts its form (to /currency, which comes back here) as soon as it changes. */
function enhanceCurrency(): void {
  const selects = [...document.querySelectorAll<HTMLSelectElement>(`select${select(HOOK.currencySelect)}`)];
  for (const select of selects) {
    select.addEventListener('change', () => {
      storageSet(CURRENCY_KEY, select.value);
      select.form?.requestSubmit();
    });
  }
  // The spec keeps the choice in local storage; if the cookie was lost but storage remembers,
  // restore it once. Otherwise remember what the server shows.
  const [first] = selects;
  if (!first) return;
  const saved = storageGet(CURRENCY_KEY);
  const known = [...first.options].some((option) => option.value === saved);
  if (saved && known && saved !== first.value && !document.cookie.includes('currency=')) {
    first.value = saved;
    first.form?.requestSubmit();
  } else {
    storageSet(CURRENCY_KEY, first.value);
  }
}

/** Search and Track Order: the link opens a small dialog; submitting goes to the page it names. */
function enhancePopupForms(): void {
  for (const trigger of document.querySelectorAll<HTMLAnchorElement>(`a${select(HOOK.dialogTrigger)}`)) {
    const dialog = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') continue;
    const form = dialog.querySelector('form');
    const input = dialog.querySelector('input');
    if (!form || !input) continue;
    trigger.addEventListener('click', (event) => {
      event.preventDefault();
      dialog.showModal();
      input.focus();
    });
    // A click on the backdrop (the dialog itself, outside its form) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => {
      input.value = '';
    });
    for (const cancel of dialog.querySelectorAll(select(HOOK.dialogClose))) {
      cancel.addEventListener('click', () => dialog.close());
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      dialog.close();
      // The spec's addresses: /collections?search=… and /track-order?id=…, encoded as a component.
      const path = new URL(form.action, window.location.href).pathname;
      window.location.assign(`${path}?${input.name}=${encodeURIComponent(value)}`);
    });
  }
}

/**
 * A toast hides itself after a while, but not while pointed at or focused; at most three show at
 * once (the spec), the oldest giving way, whether the server rendered it or page code added it.
 */
function enhanceToasts(): void {
  for (const toast of document.querySelectorAll<HTMLElement>(select(HOOK.toast))) enhanceToast(toast);
  const region = document.querySelector<HTMLElement>(select(HOOK.toasts));
  if (!region) return;
  keepNewestToasts(region);
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLElement && node.hasAttribute(HOOK.toast)) enhanceToast(node);
      }
    }
    keepNewestToasts(region);
  }).observe(region, { childList: true });
}

function keepNewestToasts(region: HTMLElement): void {
  const shown = region.querySelectorAll<HTMLElement>(select(HOOK.toast));
  for (let i = 0; i < shown.length - MAX_VISIBLE_TOASTS; i++) shown[i]!.remove();
}

function enhanceToast(toast: HTMLElement): void {
  const wait = TOAST_HIDE_AFTER_MS[toast.dataset.kind === 'error' ? 'error' : 'success'];
  let timer = 0;
  const start = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => toast.remove(), wait);
  };
  const stop = () => window.clearTimeout(timer);
  toast.addEventListener('mouseenter', stop);
  toast.addEventListener('focusin', stop);
  toast.addEventListener('mouseleave', start);
  toast.addEventListener('focusout', start);
  start();
}

/** The footer's newsletter form answers in place through the JSON API. */
function enhanceNewsletter(): void {
  const form = document.querySelector<HTMLFormElement>(`form${select(HOOK.newsletter)}`);
  const status = form?.querySelector<HTMLElement>(select(HOOK.newsletterStatus));
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !input || !button) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const label = button.textContent;
    button.disabled = true;
    button.textContent = 'Subscribing…';
    let ok = false;
    let message = 'We could not subscribe you just now. Please try again.';
    try {
      const response = await fetch('/api/v1/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: input.value }),
      });
      const body = (await response.json()) as { message?: string };
      ok = response.ok;
      if (body.message) message = body.message;
    } catch {
      // Offline: the message above says so.
    }
    button.disabled = false;
    button.textContent = label;
    status.textContent = message;
    if (ok) input.value = '';
    if (ok) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  });
}

/** Once signed in, what this browser saved as a guest joins the account's wishlist (once). */
function mergeGuestWishlist(): void {
  if (!document.querySelector(select(HOOK.signedIn))) return;
  const ids = readWishlist();
  if (ids.length === 0) return;
  const body = new URLSearchParams({ intent: 'add', productId: ids.join(',') });
  fetch('/account/wishlist', { method: 'POST', body })
    .then((response) => {
      if (response.ok) writeWishlist([]);
    })
    .catch(() => {
      // Tried again on the next page.
    });
}

/** The popup banner: never on checkout, payment or admin pages; loaded when the page is idle. */
function schedulePopup(): void {
  if (!popupAllowedOn(window.location.pathname)) return;
  const run = () => {
    import('./popup.ts')
      .then((m) => m.showPopup())
      .catch(() => {
        // A popup is never worth an error.
      });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 2000);
}

export function enhanceShell(): void {
  enhanceCurrency();
  enhancePopupForms();
  enhanceToasts();
  enhanceNewsletter();
  mergeGuestWishlist();
  schedulePopup();
}
