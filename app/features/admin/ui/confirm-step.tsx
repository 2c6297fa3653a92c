// Confirmation before a destructive action that works without JavaScript: a <details>
// disclosure whose summary is the action's name; the form with the real submit sits inside.
import type { ReactNode } from 'react';
import { Form } from 'react-router';

export function ConfirmStep({
  label,
  question,
  confirmLabel,
  intent,
  action,
  children,
  open = false,
}: {
  /** The button that opens the step, e.g. "Cancel order". */
  label: string;
  /** What the step asks, e.g. "Cancel this order? Its items go back on sale." */
  question: string;
  confirmLabel: string;
  intent: string;
  action?: string;
  /** Extra fields (a reason, hidden ids). */
  children?: ReactNode;
  /** Open from the start (the step was refused and shows what was typed). */
  open?: boolean;
}) {
  return (
    <details className="rounded-lg border border-sale/30 bg-white" open={open}>
      <summary className="btn-outline cursor-pointer list-none text-sale">{label}</summary>
      <Form method="post" action={action} className="space-y-3 p-3">
        <p className="text-sm font-semibold">{question}</p>
        {children}
        <button type="submit" name="intent" value={intent} className="btn-primary bg-sale">
          {confirmLabel}
        </button>
      </Form>
    </details>
  );
}
