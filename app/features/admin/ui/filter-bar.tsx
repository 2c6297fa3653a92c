// A GET form above a list: its fields become the URL's query, so a filtered view can be
// bookmarked or shared, and it works without JavaScript. Children are the fields.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';

export function FilterBar({
  children,
  resetHref,
  label = 'Filters',
}: {
  children: ReactNode;
  /** The list without any filter. */
  resetHref: string;
  label?: string;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="rounded-xl bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary">
          Apply
        </button>
        <Link to={resetHref} className="btn-outline">
          Clear
        </Link>
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

export const inputClass = 'min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm';
