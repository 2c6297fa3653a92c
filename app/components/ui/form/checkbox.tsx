// A checkbox with its label beside it and its error under it.
import { type ReactNode, useId } from 'react';
import { FieldNotes } from './field-notes.tsx';

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
