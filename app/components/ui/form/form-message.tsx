// The answer of a form, above or below it: what went wrong, what was done, or a note.
import type { ReactNode } from 'react';

/** The form's answer: an error (role="alert") or a confirmation (role="status"). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  const styles = {
    error: 'border-sale/30 bg-sale/5 text-sale',
    success: 'border-ok/30 bg-ok/5 text-ok',
    info: 'border-plum-700/20 bg-plum-50 text-plum-900',
  }[tone];
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}
    >
      {children}
    </p>
  );
}
