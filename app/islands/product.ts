// The product page's island (ADR 039): the page is rendered whole by the server and not hydrated;
// this finds the product components' elements by their data attributes
// (app/features/product/*.tsx) and makes them work in place. Every form here also works without
// JavaScript (it posts and the page comes back), so each enhancement only takes over the submit,
// and says so in place when the request fails (ADR 061).

import { HOOK, select } from '#app/lib/islands-contract.ts';
import { clearFormFailure, failureMessage, OFFLINE_MESSAGE, showFormFailure } from './form-failure.ts';
import { readWishlist, writeWishlist } from './wishlist-storage.ts';

type Root = ParentNode;

export function enhanceProduct(): void {
  enhanceGallery(document);
  enhanceAddToCart(document);
  enhanceWishlist(document);
  enhanceBackInStock();
  enhanceShare(document);
}

/**
 * Thumbnails swap the main picture (its sources come in the thumbnail's data attributes); the
 * chosen one is `aria-pressed`, which its CSS shows.
 */
function enhanceGallery(root: Root) {
  const gallery = root.querySelector<HTMLElement>(select(HOOK.gallery));
  const main = gallery?.querySelector(select(HOOK.galleryMain));
  if (!gallery || !main) return;
  gallery.addEventListener('click', (event) => {
    const thumb = (event.target as Element).closest<HTMLButtonElement>(select(HOOK.galleryThumb));
    if (!thumb) return;
    const d = thumb.dataset;
    const img = main.querySelector('img');
    if (!img || !d.src) return;
    for (const [type, srcset] of [
      ['image/avif', d.avif],
      ['image/webp', d.webp],
    ] as const) {
      const source = main.querySelector(`source[type="${type}"]`);
      if (source && srcset) source.setAttribute('srcset', srcset);
    }
    if (d.width) img.width = Number(d.width);
    if (d.height) img.height = Number(d.height);
    img.src = d.src;
    img.alt = d.alt ?? '';
    for (const other of gallery.querySelectorAll<HTMLButtonElement>(select(HOOK.galleryThumb))) {
      other.setAttribute('aria-pressed', String(other === thumb));
    }
  });
}

/**
 * The header's cart link: its badge and its label say how many units the cart holds. A cart that
 * had no badge gets one cloned from the link's server-rendered template (header-personal.tsx).
 */
export function showCartCount(count: number) {
  const link = document.querySelector(`header ${select(HOOK.cartLink)}`);
  if (!link) return;
  link.setAttribute('aria-label', count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart');
  let badge = link.querySelector<HTMLElement>(select(HOOK.cartCount));
  if (count <= 0) {
    badge?.remove();
    return;
  }
  if (!badge) {
    const template = link.querySelector<HTMLTemplateElement>(`template${select(HOOK.cartCountTemplate)}`);
    badge = (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? null;
    if (!badge) return;
    link.append(badge);
  }
  badge.textContent = count > 99 ? '99+' : String(count);
}

/** The add-to-cart status line; its `data-tone` (ok or error) is styled by add-to-cart.tsx. */
function say(status: HTMLElement, ok: boolean, text: string, link?: { href: string; text: string }) {
  status.dataset.tone = ok ? 'ok' : 'error';
  status.replaceChildren(text);
  if (link) {
    const a = document.createElement('a');
    a.href = link.href;
    a.textContent = link.text;
    status.append(a);
  }
}

/** The quantity stepper (1..max) and Add to Cart through POST /api/v1/cart/lines. */
function enhanceAddToCart(root: Root) {
  const form = root.querySelector<HTMLFormElement>(`form${select(HOOK.addToCart)}`);
  const input = form?.querySelector<HTMLInputElement>('input[name="quantity"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form?.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || !submit || !status) return;
  const max = Math.max(1, Number(input.max) || 1);
  const clamp = (n: number) => Math.min(max, Math.max(1, Math.floor(n) || 1));
  const steps = form.querySelectorAll<HTMLButtonElement>(select(HOOK.quantityStep));

  const sync = () => {
    const quantity = clamp(Number(input.value));
    input.value = String(quantity);
    for (const step of steps) {
      step.disabled = Number(step.getAttribute(HOOK.quantityStep)) < 0 ? quantity <= 1 : quantity >= max;
    }
    // "Order this on WhatsApp" names the quantity chosen.
    const whatsapp = root.querySelector<HTMLAnchorElement>(`a${select(HOOK.whatsappOrder)}`);
    if (whatsapp) {
      const url = new URL(whatsapp.href);
      const text = (url.searchParams.get('text') ?? '').replace(/order \d+ ×/, `order ${quantity} ×`);
      whatsapp.href = `${url.origin}${url.pathname}?text=${encodeURIComponent(text)}`;
    }
  };
  form.addEventListener('click', (event) => {
    const step = (event.target as Element).closest<HTMLButtonElement>(select(HOOK.quantityStep));
    if (!step) return;
    input.value = String(clamp(Number(input.value) + Number(step.getAttribute(HOOK.quantityStep))));
    sync();
  });
  input.addEventListener('change', sync);
  sync();

  const name = form.dataset.productName ?? 'It';
  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    sync();
    const label = submit.textContent;
    submit.disabled = true;
    submit.textContent = 'Adding…';
    status.replaceChildren();
    try {
      const res = await fetch('/api/v1/cart/lines', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          variantId: Number(new FormData(form).get('variantId')),
          quantity: Number(input.value),
        }),
      });
      const answer = (await res.json().catch(() => null)) as { count?: number; message?: string } | null;
      if (res.ok && typeof answer?.count === 'number') {
        say(status, true, `${name} added. `, { href: '/cart', text: 'View cart' });
        showCartCount(answer.count);
      } else {
        say(status, false, answer?.message ?? 'Sorry, that could not be added. Please try again.');
      }
    } catch {
      say(status, false, 'We could not reach the shop. Please check your connection and try again.');
    } finally {
      submit.disabled = false;
      submit.textContent = label;
      busy = false;
    }
  });
}

/** The heart: a guest's wishlist lives in this browser; a signed-in shopper's on the server. */
function enhanceWishlist(root: Root) {
  const form = root.querySelector<HTMLFormElement>(`form${select(HOOK.wishlist)}`);
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const id = Number(form?.dataset.productId);
  if (!form || !button || !Number.isInteger(id)) return;
  const signedIn = document.querySelector(select(HOOK.signedIn)) !== null;
  const show = (saved: boolean) => {
    button.setAttribute('aria-pressed', String(saved));
    button.setAttribute('aria-label', saved ? 'Remove from wishlist' : 'Add to wishlist');
    button.value = saved ? 'remove' : 'add';
  };
  // A guest's page is shared by every visitor: the server rendered it unsaved.
  if (!signedIn) show(readWishlist().includes(id));

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const saved = button.getAttribute('aria-pressed') === 'true';
    if (!signedIn) {
      const ids = readWishlist();
      writeWishlist(saved ? ids.filter((x) => x !== id) : [...ids, id]);
      show(!saved);
      return;
    }
    if (busy) return;
    busy = true;
    clearFormFailure(form, 'after');
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ intent: saved ? 'remove' : 'add', productId: String(id) }),
      });
      const answer = (await res
        .clone()
        .json()
        .catch(() => null)) as { ok?: boolean } | null;
      if (res.ok && answer?.ok) show(!saved);
      // Nothing changed: the heart stays as it was, and the page says why.
      else showFormFailure(form, await failureMessage(res), 'after', 'basis-full');
    } catch {
      showFormFailure(form, OFFLINE_MESSAGE, 'after', 'basis-full');
    } finally {
      busy = false;
    }
  });
}

/**
 * "Email me when it's back": posts the form to the product page's action, as without JavaScript,
 * and puts the answer's section in place of this one (delegated: the new section's form too).
 */
function enhanceBackInStock() {
  if (!document.querySelector(select(HOOK.backInStock))) return;
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const section = form.closest(select(HOOK.backInStock));
    if (!section) return;
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit?.disabled) return;
    const label = submit?.textContent ?? '';
    if (submit) {
      submit.disabled = true;
      submit.textContent = 'Saving…';
    }
    clearFormFailure(form, 'after');
    /** The request failed: the form as it was, with the reason under it. */
    const failed = (message: string) => {
      if (submit) {
        submit.disabled = false;
        submit.textContent = label;
      }
      showFormFailure(form, message, 'after', 'mt-2');
    };
    let res: Response;
    try {
      res = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        body: new FormData(form),
      });
    } catch {
      failed(OFFLINE_MESSAGE);
      return;
    }
    const html = (res.headers.get('content-type') ?? '').includes('text/html')
      ? await res.clone().text()
      : '';
    const next = new DOMParser().parseFromString(html, 'text/html').querySelector(select(HOOK.backInStock));
    if (!next) {
      failed(await failureMessage(res));
      return;
    }
    section.replaceWith(next);
    const invalid = next.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  });
}

/** Share: the device's share sheet where there is one, else copy the link (rendered hidden). */
function enhanceShare(root: Root) {
  const box = root.querySelector<HTMLElement>(select(HOOK.share));
  const button = box?.querySelector<HTMLButtonElement>(select(HOOK.shareButton));
  const status = box?.querySelector(select(HOOK.shareStatus));
  if (!box || !button || !status) return;
  const url = box.dataset.url ?? location.href;
  const title = box.dataset.title ?? document.title;
  button.hidden = false;
  button.addEventListener('click', async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = 'Link copied';
    } catch {
      status.textContent = `Copy this link: ${url}`;
    }
  });
}
