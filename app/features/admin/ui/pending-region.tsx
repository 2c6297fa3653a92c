// While a list's next view loads (a filter, sort, page or period change of this same page), the
// region dims and says "Loading…" in a polite status, placed over it so nothing moves. Without
// JavaScript there is no pending state: the browser loads the next page itself.
import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** True while a navigation (or form post) to this same address's path is under way. */
export function usePendingHere(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state !== 'idle' && navigation.location?.pathname === pathname;
}

export function PendingRegion({
  pending,
  label = 'Loading…',
  className = '',
  children,
}: {
  pending: boolean;
  /** What the status says while pending, e.g. "Loading orders…". */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative ${className}`}>
      {/* The status sits outside the busy subtree: assistive technology holds back what changes
          inside aria-busy, and this is the one thing that should be heard at once. */}
      <div className="sticky top-16 z-10 flex h-0 items-start justify-center">
        <p role="status" className={pending ? 'admin-pending-status' : 'sr-only'}>
          {pending ? label : ''}
        </p>
      </div>
      <div
        aria-busy={pending}
        className={pending ? 'admin-pending' : undefined}
        data-pending={pending || undefined}
      >
        {children}
      </div>
    </div>
  );
}
