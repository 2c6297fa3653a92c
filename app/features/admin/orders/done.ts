// The orders screens' one-time result messages (`?done=<key>` after a successful post), in one
// place so the switch to toasts is one line.
const MESSAGES: Record<string, (params: URLSearchParams) => string> = {
  status: (p) => `Order ${p.get('tn') ?? ''} moved on. The shopper has been emailed.`,
  bulk: (p) => {
    const moved = Number(p.get('moved') ?? 0);
    const refused = (p.get('refused') ?? '').split(',').filter(Boolean);
    return (
      `${moved} ${moved === 1 ? 'order' : 'orders'} moved.` +
      (refused.length > 0 ? ` Not moved (not an allowed next step): ${refused.join(', ')}.` : '')
    );
  },
  note: () => 'Note added.',
  payment: () => 'Payment confirmed.',
  cancelled: () => 'Order cancelled. Its items are back on sale.',
  resent: () => 'Confirmation email sent again.',
};

/** The message for the address's `done` key, or null. */
export function doneMessage(url: string | URL): string | null {
  const params = new URL(url).searchParams;
  const key = params.get('done');
  return key && MESSAGES[key] ? MESSAGES[key](params) : null;
}

/** `url` with its `done` message (and its details) removed and the new one set. */
export function withDone(url: string | URL, key: string, details: Record<string, string> = {}): string {
  const next = new URL(url);
  for (const k of ['done', 'tn', 'moved', 'refused']) next.searchParams.delete(k);
  next.searchParams.set('done', key);
  for (const [k, v] of Object.entries(details)) next.searchParams.set(k, v);
  return `${next.pathname}?${next.searchParams.toString()}`;
}
