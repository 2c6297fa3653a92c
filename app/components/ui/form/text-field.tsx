// Form controls: a label, the field, its hint and its error, wired for screen readers. Forms
// post without JavaScript; JavaScript only adds niceties (show password).
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { describedBy, FieldNotes } from './field-notes.tsx';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
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
