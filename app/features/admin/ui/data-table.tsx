// A table that scrolls sideways inside its own box (never the page) on a phone, with a caption
// for screen readers. Columns and rows are the caller's <thead>/<tbody>.
import type { ReactNode } from 'react';

export function DataTable({
  caption,
  children,
}: {
  /** Read by screen readers (visually hidden). */
  caption: string;
  children: ReactNode;
}) {
  return (
    <section
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm"
      aria-label={caption}
      // relative: visually hidden labels inside (absolutely placed) stay in this box, not the page.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
    >
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** A header cell with the table's padding. */
export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-3 py-3 text-xs font-semibold uppercase text-muted ${className}`}>
      {children}
    </th>
  );
}

export function Td({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`px-3 py-3 align-top ${className}`}>{children}</td>;
}
