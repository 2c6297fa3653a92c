// Loaded only after the page is idle (storefront-popup.tsx): fetches the popup and shows it as a
// modal <dialog> — focus moves in, Escape or the Close button closes it, focus goes back.
import { isbot } from 'isbot';
import { useEffect, useId, useRef } from 'react';
import type { PopupResponse, StorefrontPopup } from '#core/contract/banners.ts';
import { mediaUrl } from '#core/media.ts';

const SEEN_KEY = 'ch-popup-seen';

function seen(version: string): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === version;
  } catch {
    return false;
  }
}

function markSeen(version: string): void {
  try {
    window.sessionStorage.setItem(SEEN_KEY, version);
  } catch {
    // private mode without storage: shown again next time, which is harmless
  }
}

/** The popup to show now, or null (none active, a crawler, or already seen this session). */
export async function loadPopup() {
  if (isbot(navigator.userAgent)) return null;
  const res = await fetch('/api/v1/popup', { headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const { popup } = (await res.json()) as PopupResponse;
  if (!popup) return null;
  if (popup.oncePerSession && seen(popup.version)) return null;
  return { popup, Dialog: PopupBannerDialog };
}

function PopupBannerDialog({ popup, onClose }: { popup: StorefrontPopup; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    if (popup.oncePerSession) markSeen(popup.version);
    const onDialogClose = () => {
      before?.focus();
      onCloseRef.current();
    };
    dialog.addEventListener('close', onDialogClose);
    return () => dialog.removeEventListener('close', onDialogClose);
  }, [popup]);

  const external = /^https:/.test(popup.link);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={popup.message ? messageId : undefined}
      className="m-auto w-[min(92vw,32rem)] overflow-hidden rounded-2xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {popup.image && (
        <img
          src={mediaUrl(popup.image.id, 640, 'webp')}
          alt={popup.image.alt}
          width={popup.image.width}
          height={popup.image.height}
          className="aspect-[3/2] w-full object-cover"
        />
      )}
      <div className="space-y-3 p-6">
        <h2 id={titleId} className="font-display text-2xl font-semibold">
          {popup.title}
        </h2>
        {popup.message && (
          <p id={messageId} className="text-muted">
            {popup.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => ref.current?.close()}>
            Close
          </button>
          {popup.link && popup.linkText && (
            <a
              href={popup.link}
              className="btn-primary"
              {...(external ? { rel: 'noopener noreferrer' } : {})}
              onClick={() => ref.current?.close()}
            >
              {popup.linkText}
            </a>
          )}
        </div>
      </div>
    </dialog>
  );
}
