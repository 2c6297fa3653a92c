// Print: a button once the page runs JavaScript; before that (or without it), the browser's own
// Print does the same, and the page says so.
import { useEffect, useState } from 'react';

export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Print
    </button>
  ) : (
    <span className="text-sm text-muted">Print with your browser’s Print.</span>
  );
}
