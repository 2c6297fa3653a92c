// A password field with a show/hide toggle, and a new password typed twice.
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useActionData } from 'react-router';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '#core/account.ts';
import { describedBy, FieldNotes } from './field-notes.tsx';
import type { FieldProps } from './text-field.tsx';

/** A password field with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({ name, label, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  // A form the server answered keeps what was typed, but never a password (as without JavaScript).
  const answer = useActionData();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer !== undefined && field.current) field.current.value = '';
  }, [answer]);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={field}
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          className="input pr-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, error)}
          {...input}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-muted hover:text-ink"
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
            aria-controls={id}
          >
            {shown ? (
              <EyeOff className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Eye className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
        ) : null}
      </div>
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

/** A new password with its rules, and the same typed again. */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  errors,
  confirmError,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  errors: Record<string, string[] | undefined>;
  /** Shown instead of the server's answer (the browser found a mismatch before sending). */
  confirmError?: string;
}) {
  return (
    <>
      <PasswordField
        name={name}
        label={label}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_RULES}
        error={errors[name]?.[0]}
      />
      <PasswordField
        name="confirmPassword"
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={confirmError ?? errors.confirmPassword?.[0]}
      />
    </>
  );
}
