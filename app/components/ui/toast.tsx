// One small toast system for the storefront and the admin portal (ADR 024): a polite ARIA live
// region (role="status"), each toast dismissible, hiding itself after a while — but not while the
// pointer rests on it or focus is inside. Toasts come from the server (the one-time flash of
// app/lib/toast.server.ts, rendered into the HTML, so they show without JavaScript too).
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { type ShownToast, visibleToasts } from '#app/lib/toast.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';

const closeClass =
  '-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-ink/60 hover:text-ink focus-within:outline-2';
const HIDE_AFTER_MS = { success: 6000, error: 10000 } as const;

/** Renders the page's toasts. `flash`: the one the server read from this request's flash cookie. */
export function Toaster({ flash }: { flash: ShownToast | null | undefined }) {
  const hydrated = useHydrated();
  // The server's flash shows until dismissed or timed out; a new one (new id) replaces it.
  const [closedFlash, setClosedFlash] = useState<string | null>(null);
  const toasts = visibleToasts(flash && flash.id !== closedFlash ? [flash] : []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:right-0 sm:items-end sm:p-4"
      {...mark(HOOK.toasts)}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} interactive={hydrated} onClose={() => setClosedFlash(t.id)} />
      ))}
    </div>
  );
}

function ToastItem({
  toast,
  interactive,
  onClose,
}: {
  toast: ShownToast;
  interactive: boolean;
  onClose: () => void;
}) {
  const [paused, setPaused] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!interactive || paused) return;
    const timer = setTimeout(() => close.current(), HIDE_AFTER_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [interactive, paused, toast.kind]);
  const tone = toast.kind === 'error' ? 'border-sale/40 text-sale' : 'border-ok/40 text-ok';
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm font-medium shadow-lg has-checked:hidden ${tone}`}
      role="note"
      {...mark(HOOK.toast)}
      data-kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="flex-1">
        <span className="sr-only">{toast.kind === 'error' ? 'Error: ' : ''}</span>
        {toast.message}
      </p>
      {interactive ? (
        <button type="button" onClick={onClose} className={closeClass} aria-label="Dismiss">
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : (
        // Without JavaScript a checkbox dismisses it: the toast hides while its box is ticked.
        <label className={`${closeClass} cursor-pointer`}>
          <input type="checkbox" className="sr-only" aria-label="Dismiss" />
          <X className="h-4 w-4" aria-hidden="true" />
        </label>
      )}
    </div>
  );
}
