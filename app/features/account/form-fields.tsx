// Form controls for the account pages: a label, the field, its hint and its error, wired for
// screen readers. Forms post without JavaScript; JavaScript only adds niceties (show password).
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useActionData, useNavigation } from 'react-router';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '#core/account.ts';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
}

function describedBy(hintId: string, errorId: string, hint: unknown, error: unknown): string | undefined {
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

export function TextField({ name, label, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, error)}
        {...input}
      />
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

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

/** The email field of the sign-in, sign-up and reset forms. */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
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

export function Checkbox({
  name,
  label,
  error,
  defaultChecked,
  required,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          required={required}
          className="mt-0.5 h-5 w-5 shrink-0 accent-plum-800"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldNotes id={id} name={name} error={error} />
    </div>
  );
}

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

/** A submit button that says it is working while its form is being sent. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  className = 'btn-primary w-full',
}: {
  children: ReactNode;
  pendingText: string;
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent);
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={className}
      disabled={pending}
    >
      {pending ? pendingText : children}
    </button>
  );
}
