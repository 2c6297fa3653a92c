// The state of a Nigerian address: one select of the 36 states and the FCT.
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import { FieldNotes } from './field-notes.tsx';

export function StateSelect({
  defaultValue,
  error,
  name = 'addressState',
  onChange,
}: {
  defaultValue: string;
  error?: string;
  name?: string;
  onChange?: (state: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`${name}-select`} className="block text-sm font-semibold">
        State
      </label>
      <select
        id={`${name}-select`}
        name={name}
        defaultValue={defaultValue}
        autoComplete="address-level1"
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        className="input mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      >
        <option value="">Choose a state</option>
        {NIGERIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      <FieldNotes id={name} name={name} error={error} />
    </div>
  );
}
