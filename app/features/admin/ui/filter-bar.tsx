// A GET form above a list: its fields become the URL's query, so a filtered view can be
// bookmarked or shared, and it works without JavaScript. The search stays in view; the other
// fields fold behind "Filters" (with how many are set) on a phone and lie open on a laptop.
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';

/** The width from which the fields lie open (Tailwind's `md`, as in app.css's admin-filter-fold). */
const WIDE = '(min-width: 48rem)';

export function FilterBar({
  children,
  search,
  active = 0,
  filtered = true,
  resetHref,
  label = 'Filters',
}: {
  /** The fields that fold on a phone. */
  children: ReactNode;
  /** The search field, always in view. */
  search?: ReactNode;
  /** How many of the folded fields are set (the fold's summary shows it). */
  active?: number;
  /** Whether the list is filtered at all: only then is "Clear" offered. */
  filtered?: boolean;
  /** The list without any filter. */
  resetHref: string;
  label?: string;
}) {
  const fold = useRef<HTMLDetailsElement>(null);
  const { search: query } = useLocation();
  // CSS opens the fold on wide screens where the browser knows ::details-content; this does it
  // where it does not. On a phone the fold closes after each new view, so the list shows.
  useEffect(() => {
    if (query !== undefined && fold.current) fold.current.open = window.matchMedia(WIDE).matches;
  }, [query]);
  return (
    <Form method="get" role="search" aria-label={label} className="rounded-xl bg-white p-4 shadow-sm">
      {search ? <div className="mb-3 md:max-w-xl">{search}</div> : null}
      {/* Folded, the summary sits beside Apply; open (or wide), the fields take the whole row. */}
      <div className="flex flex-wrap items-start gap-x-2 gap-y-3">
        <details ref={fold} className="admin-filter-fold">
          <summary>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters
            {active > 0 ? (
              <span className="rounded-full bg-plum-800 px-2 py-0.5 text-xs text-white">
                {active}
                <span className="sr-only"> set</span>
              </span>
            ) : null}
          </summary>
          <div className="grid gap-3 pt-3 sm:grid-cols-2 md:pt-0 lg:grid-cols-4">{children}</div>
        </details>
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {filtered ? (
          <Link to={resetHref} className="btn-outline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A labelled field for the filter bar. */
export function FilterField({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={htmlFor} className="font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** Options from a list of values and their labels (`{ value, label: labels[value] }`). */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>): FilterOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A labelled select; `any` names the first choice, which filters nothing (sent empty). */
export function FilterSelect({
  label,
  id,
  name,
  defaultValue,
  options,
  any,
}: {
  label: string;
  id: string;
  name: string;
  defaultValue?: string | number;
  options: readonly FilterOption[];
  any?: string;
}) {
  return (
    <FilterField label={label} htmlFor={id}>
      <select id={id} name={name} defaultValue={defaultValue ?? ''} className={inputClass}>
        {any ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A labelled date field (the list's query carries it as YYYY-MM-DD). */
export function FilterDate({
  label,
  id,
  name,
  defaultValue,
}: {
  label: string;
  id: string;
  name: string;
  defaultValue?: string;
}) {
  return (
    <FilterField label={label} htmlFor={id}>
      <input id={id} name={name} type="date" defaultValue={defaultValue ?? ''} className={inputClass} />
    </FilterField>
  );
}

/** The list's search (`?q=`), for the filter bar's `search` slot. */
export function FilterSearch({
  id,
  defaultValue,
  placeholder,
}: {
  id: string;
  defaultValue?: string;
  placeholder: string;
}) {
  return (
    <FilterField label="Search" htmlFor={id}>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue ?? ''}
        placeholder={placeholder}
        className={inputClass}
      />
    </FilterField>
  );
}

/** How many of these filter values are set (an empty list or string counts as unset). */
export function countSet(values: readonly unknown[]): number {
  return values.filter((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== ''))
    .length;
}

export const inputClass = 'min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm';
