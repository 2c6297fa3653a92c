// The popup banner on pages React does not hydrate (ADR 039; the hydrated pages use
// app/features/layout/storefront-popup-dialog.tsx): asks GET /api/v1/popup once the page is idle,
// leaves crawlers and already-seen popups alone, and opens a native modal <dialog> — focus moves
// in, Escape or Close closes it, focus goes back. Its own chunk, never in the first load.
import { isbot } from 'isbot';
import type { PopupResponse } from '#core/contract/banners.ts';
import { mediaUrl } from '#core/media.ts';

const SEEN_KEY = 'ch-popup-seen';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export async function showPopup(): Promise<void> {
  if (isbot(navigator.userAgent)) return;
  const response = await fetch('/api/v1/popup', { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const { popup } = (await response.json()) as PopupResponse;
  if (!popup) return;
  try {
    if (popup.oncePerSession && sessionStorage.getItem(SEEN_KEY) === popup.version) return;
    if (popup.oncePerSession) sessionStorage.setItem(SEEN_KEY, popup.version);
  } catch {
    // Private mode without storage: shown again next time, which is harmless.
  }

  const dialog = element('dialog', {
    'aria-labelledby': 'storefront-popup-title',
    'aria-describedby': popup.message ? 'storefront-popup-message' : undefined,
    class:
      'm-auto w-[min(92vw,32rem)] overflow-hidden rounded-2xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50',
  });
  if (popup.image) {
    dialog.append(
      element('img', {
        src: mediaUrl(popup.image.id, 640, 'webp'),
        alt: popup.image.alt,
        width: String(popup.image.width),
        height: String(popup.image.height),
        class: 'aspect-[3/2] w-full object-cover',
      }),
    );
  }
  const close = element('button', { type: 'button', class: 'btn-outline' }, 'Close');
  close.addEventListener('click', () => dialog.close());
  const actions = element('div', { class: 'flex flex-wrap justify-end gap-2' }, close);
  if (popup.link && popup.linkText) {
    const external = /^https:/.test(popup.link);
    const link = element(
      'a',
      { href: popup.link, class: 'btn-primary', rel: external ? 'noopener noreferrer' : undefined },
      popup.linkText,
    );
    link.addEventListener('click', () => dialog.close());
    actions.append(link);
  }
  dialog.append(
    element(
      'div',
      { class: 'space-y-3 p-6' },
      element(
        'h2',
        { id: 'storefront-popup-title', class: 'font-display text-2xl font-semibold' },
        popup.title,
      ),
      ...(popup.message
        ? [element('p', { id: 'storefront-popup-message', class: 'text-muted' }, popup.message)]
        : []),
      actions,
    ),
  );
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener('close', () => {
    dialog.remove();
    before?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
}
