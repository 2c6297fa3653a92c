// The hint and error under a form field, with the ids its aria-describedby points at.
import type { ReactNode } from 'react';

export function describedBy(
  hintId: string,
  errorId: string,
  hint: unknown,
  error: unknown,
): string | undefined {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

/** The hint under a field and its error, with the ids the field's aria-describedby points at. */
export function FieldNotes({
  id,
  name,
  hint,
  error,
}: {
  id: string;
  name: string;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </>
  );
}
