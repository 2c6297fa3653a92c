// /admin/dashboard: the admin's landing page. The shop's figures (revenue, orders, low stock)
// arrive with the admin dashboard issue; for now it shows the mail queue and where to go.
import { Link } from 'react-router';
import { requireRole } from '#app/lib/auth.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.dashboard';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireRole(context, STAFF_ROLES);
  const mail = await context.services.mail.outboxStats();
  return { name: user.name, mail };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <section>
      <h1 className="font-display text-3xl font-semibold">Welcome, {loaderData.name.split(' ')[0]}</h1>
      <p className="mt-2 text-muted">
        Orders, products, discounts and the rest of the portal are on their way. Meanwhile, here is the shop’s
        mail.
      </p>
      <dl className="mt-6 grid max-w-xl grid-cols-3 gap-3" data-testid="mail-stats">
        {(
          [
            ['Waiting to send', mail.pending],
            ['Sent', mail.sent],
            ['Failed', mail.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/admin/mailbox" className="btn-primary mt-6">
        Open the mailbox
      </Link>
    </section>
  );
}
