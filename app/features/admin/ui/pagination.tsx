// Previous / next links for a list whose page lives in the URL (`?page=`), keeping every other
// parameter of the current address. Plain links: works without JavaScript.
import { Link } from 'react-router';

export function Pagination({
  page,
  pageCount,
  total,
  hrefFor,
  noun = 'results',
}: {
  page: number;
  pageCount: number;
  total: number;
  /** The address of page `n` (the caller keeps its filters). */
  hrefFor: (n: number) => string;
  noun?: string;
}) {
  if (total === 0) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        Page {page} of {pageCount} · {total.toLocaleString('en-NG')} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className="btn-outline" rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className="btn-outline" rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
