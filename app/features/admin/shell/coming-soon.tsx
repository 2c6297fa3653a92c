// The honest page behind a sidebar entry whose screen is not built yet: what will be there, and
// that it is coming. No sample figures, no fake rows.
import { Construction } from 'lucide-react';
import { Link } from 'react-router';

export function ComingSoon({ label, description }: { label: string; description: string }) {
  return (
    <section className="max-w-2xl" data-testid="admin-coming-soon">
      <h1 className="font-display text-3xl font-semibold">{label}</h1>
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm">
        <p className="flex items-center gap-2 font-semibold">
          <Construction className="h-5 w-5 text-gold-500" aria-hidden="true" /> Coming soon
        </p>
        <p className="mt-3">{description}</p>
        <p className="mt-3 text-sm text-muted">
          This part of the admin portal is being built. Until it is ready, nothing here can be changed from
          the portal.
        </p>
        <p className="mt-5">
          <Link to="/admin/dashboard" className="btn-outline">
            Back to the dashboard
          </Link>
        </p>
      </div>
    </section>
  );
}
