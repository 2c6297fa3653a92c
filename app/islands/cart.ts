// The /cart page without React in the browser (ADR 046). Every control on it is a plain form
// posting to /cart, and the action answers with the whole page re-rendered (or a redirect), which
// is what a browser without JavaScript shows. With JavaScript this island sends the same form
// with fetch and puts the answer's <main> and cart badge in place of the old ones: no reload, the
// scroll position kept, focus back on the control that was pressed (or its nearest neighbour),
// and the pressed button disabled while the request runs. When the request fails (no network, an
// answer that is not the page), the page says why above the cart and keeps what was typed.
import { HOOK, select } from '#app/lib/islands-contract.ts';
import { clearFormFailure, failureMessage, OFFLINE_MESSAGE, showFormFailure } from './form-failure.ts';

/**
 * What identifies a pressed button across the swap: its form's line and intent, and the button's
 * intent (Apply, Remove, Clear Cart) or its place in the form (− and +, whose values and labels
 * change with the quantity).
 */
function buttonKey(form: HTMLFormElement, button: HTMLButtonElement | null): string {
  const variant = form.querySelector<HTMLInputElement>('input[name="variantId"]')?.value ?? '';
  const intent = form.querySelector<HTMLInputElement>('input[name="intent"]')?.value ?? '';
  if (!button) return `${variant}|${intent}|`;
  const place = [...form.querySelectorAll('button[type="submit"]')].indexOf(button);
  return `${variant}|${intent}|${button.name}|${button.name === 'intent' ? button.value : place}`;
}

function swap(html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const main = document.querySelector('main');
  const nextMain = next.querySelector('main');
  if (!main || !nextMain) throw new Error('no <main> to swap');
  main.replaceChildren(...nextMain.childNodes);
  // The header's cart link carries the badge (how many items) and its label.
  const cartLink = document.querySelector(`header ${select(HOOK.cartLink)}`);
  const nextCartLink = next.querySelector(`header ${select(HOOK.cartLink)}`);
  if (cartLink && nextCartLink) cartLink.replaceWith(document.importNode(nextCartLink, true));
  document.title = next.title;
}

function restoreFocus(key: string, message: Element | null): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('main form')) {
    for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
      if (buttonKey(form, button) === key && !button.disabled) {
        button.focus({ preventScroll: true });
        return;
      }
    }
  }
  // The line was removed (or the button is disabled now): the message, the list or the heading.
  const fallback =
    message ??
    document.querySelector<HTMLElement>(select(HOOK.cartLines)) ??
    document.querySelector('main h1');
  if (fallback instanceof HTMLElement) {
    if (!fallback.hasAttribute('tabindex')) fallback.setAttribute('tabindex', '-1');
    fallback.focus({ preventScroll: true });
  }
}

export function enhanceCart(): void {
  const root = document.querySelector(select(HOOK.cartPage));
  if (!root) return;
  let busy = false;
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest(select(HOOK.cartPage))) return;
    if (form.method.toLowerCase() !== 'post') return;
    event.preventDefault();
    if (busy) return;
    const page = form.closest(select(HOOK.cartPage))!;
    busy = true;
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    const key = buttonKey(form, button);
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form, button)) body.append(name, String(value));
    if (button) button.disabled = true;
    document.querySelector('main')?.setAttribute('aria-busy', 'true');
    clearFormFailure(page, 'prepend');
    let response: Response;
    try {
      response = await fetch(form.action, {
        method: 'POST',
        body,
        headers: { accept: 'text/html' },
        credentials: 'same-origin',
      });
    } catch {
      // No answer at all: nothing changed; say so and keep the page as it is.
      if (button) button.disabled = false;
      showFormFailure(page, OFFLINE_MESSAGE, 'prepend');
      busy = false;
      document.querySelector('main')?.removeAttribute('aria-busy');
      return;
    }
    try {
      const landed = new URL(response.url, window.location.href);
      if (response.redirected && landed.pathname !== window.location.pathname) {
        window.location.assign(landed.href);
        return;
      }
      if (response.status >= 500 || !(response.headers.get('content-type') ?? '').includes('text/html')) {
        // A fault, or a refusal that is not the cart page again (a JSON or text answer): its
        // message, in place, with the cart and what was typed as they were.
        if (button) button.disabled = false;
        showFormFailure(page, await failureMessage(response), 'prepend');
        return;
      }
      swap(await response.text());
      restoreFocus(key, document.querySelector('main [role="alert"]'));
    } catch {
      // Anything unexpected: let the browser post the form itself, as it would without JavaScript.
      if (button?.name) {
        const pressed = document.createElement('input');
        pressed.type = 'hidden';
        pressed.name = button.name;
        pressed.value = button.value;
        form.append(pressed);
      }
      HTMLFormElement.prototype.submit.call(form);
    } finally {
      busy = false;
      document.querySelector('main')?.removeAttribute('aria-busy');
    }
  });
}
