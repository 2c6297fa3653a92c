// When a form a page's script sends fails in any way (no network, the page's CSP refusing where it
// goes, a 4xx or 5xx, an answer the script cannot use), the shopper reads why next to the form and
// what they typed stays where it is: never a silent stay (issue 29, ADR 061). One look for every
// island: the box is cloned from the page's template (app/components/ui/form-failure-template.tsx).
import { HOOK, select } from '#app/lib/islands-contract.ts';

export const OFFLINE_MESSAGE = 'We could not reach the shop. Please check your connection and try again.';
export const FAILED_MESSAGE = 'Sorry, that did not go through. Please try again.';

/**
 * Shows `message` in the failure box placed `where` `anchor` (cloned from the page's template on
 * first use, re-used after; `extraClass` places it in its form's layout), announced to screen
 * readers (role="alert"). Returns the box.
 */
export function showFormFailure(
  anchor: Element,
  message: string,
  where: 'before' | 'after' | 'prepend' = 'before',
  extraClass = '',
): HTMLElement {
  let box = findBox(anchor, where);
  if (!box) {
    const template = document.querySelector<HTMLTemplateElement>(
      `template${select(HOOK.formFailureTemplate)}`,
    );
    box = (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? fallbackBox();
    if (extraClass) box.classList.add(extraClass);
    if (where === 'before') anchor.before(box);
    else if (where === 'after') anchor.after(box);
    else anchor.prepend(box);
  }
  box.textContent = message;
  return box;
}

/** Removes the failure box placed `where` `anchor`, if any. */
export function clearFormFailure(anchor: Element, where: 'before' | 'after' | 'prepend' = 'before'): void {
  findBox(anchor, where)?.remove();
}

function findBox(anchor: Element, where: 'before' | 'after' | 'prepend'): HTMLElement | null {
  const candidate =
    where === 'before'
      ? anchor.previousElementSibling
      : where === 'after'
        ? anchor.nextElementSibling
        : anchor.firstElementChild;
  return candidate instanceof HTMLElement && candidate.hasAttribute(HOOK.formFailure) ? candidate : null;
}

/** Without the template (a page cached before it existed) the message still shows, unstyled. */
function fallbackBox(): HTMLElement {
  const box = document.createElement('p');
  box.setAttribute('role', 'alert');
  box.setAttribute(HOOK.formFailure, '');
  return box;
}

/** What a refusal or fault says (the shop's JSON `message`, or a short text body), else a general line. */
export async function failureMessage(response: Response): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('json')) {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } else if (type.startsWith('text/plain')) {
      const text = (await response.text()).trim();
      if (text && text.length <= 300) return text;
    }
  } catch {
    // An answer that cannot be read says no more than its status.
  }
  return response.status >= 500
    ? 'Something went wrong on our side. Please try again in a moment.'
    : FAILED_MESSAGE;
}
