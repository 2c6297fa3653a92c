// The product form's field pieces: a labelled field with its error (tied to the input by
// aria-describedby), a text input, and the titled card each part of the form sits in.
import type { ReactNode } from 'react';
import { inputClass } from '../ui/filter-bar.tsx';

export type Errors = Record<string, string[]>;

export function ErrorText({ name, errors }: { name: string; errors: Errors }) {
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-sale">
      {list.join(' ')}
    </p>
  );
}

export function invalid(name: string, errors: Errors) {
  return errors[name]?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {};
}

export function Field({
  label,
  name,
  errors,
  children,
  hint,
}: {
  label: string;
  name: string;
  errors: Errors;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
      {children}
      <ErrorText name={name} errors={errors} />
    </div>
  );
}

export function Text({
  label,
  name,
  value,
  errors,
  hint,
  required,
}: {
  label: string;
  name: string;
  value: string;
  errors: Errors;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} name={name} errors={errors} hint={hint}>
      <input
        id={name}
        name={name}
        defaultValue={value}
        className={inputClass}
        required={required}
        {...invalid(name, errors)}
      />
    </Field>
  );
}

/** A part of the form: a region named by its heading ("Price and stock"). */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `part-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}
