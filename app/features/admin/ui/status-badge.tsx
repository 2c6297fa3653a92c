// A small coloured label for a state (an order's status, an account's standing).
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-ink/5 text-ink',
  info: 'bg-plum-50 text-plum-900',
  success: 'bg-ok/10 text-ok',
  warning: 'bg-gold-300/40 text-ink',
  danger: 'bg-sale/10 text-sale',
};

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
