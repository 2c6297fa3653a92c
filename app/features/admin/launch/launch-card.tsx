// The dashboard's way to the launch checklist (ADR 071): "n of m done", shown to admins until
// every step is done.
import { Rocket } from 'lucide-react';
import { Link } from 'react-router';

export function LaunchCard({ done, total }: { done: number; total: number }) {
  return (
    <Link
      to="/admin/launch"
      className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-plum-700/20 bg-plum-50 p-4 outline-offset-2 hover:ring-2 hover:ring-plum-100 focus-visible:ring-2"
    >
      <Rocket className="h-6 w-6 shrink-0 text-plum-800" aria-hidden="true" />
      <span className="flex-1">
        <span className="block font-semibold">
          Launch checklist: {done} of {total} done
        </span>
        <span className="block text-sm text-muted">
          What is still missing before the shop takes real money.
        </span>
      </span>
      <span className="text-sm font-semibold text-plum-800 underline">Continue</span>
    </Link>
  );
}
