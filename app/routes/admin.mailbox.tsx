// /admin/mailbox: every email the shop has sent while no SMTP server is configured (sign-up
// confirmations, password resets, …), newest first, so every flow works on one machine.
import { Form, Link } from 'react-router';
import { requireRole } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.mailbox';

const PAGE_SIZE = 25;

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requireRole(context, STAFF_ROLES);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const to = (url.searchParams.get('to') ?? '').trim().slice(0, 254);
  const mailbox = await context.services.mail.listMailbox({ page, pageSize: PAGE_SIZE, to });
  return { mailbox, to };
});

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export default function AdminMailbox({ loaderData }: Route.ComponentProps) {
  const { mailbox, to } = loaderData;
  const pages = Math.max(1, Math.ceil(mailbox.total / mailbox.pageSize));
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(to ? { to } : {}), page: String(page) })}`;
  return (
    <section>
      <h1 className="font-display text-3xl font-semibold">Mailbox</h1>
      <p className="mt-1 text-sm text-muted">
        No SMTP server is set (SMTP_URL), so the shop’s emails are delivered here. {mailbox.total}{' '}
        {mailbox.total === 1 ? 'message' : 'messages'}.
      </p>
      <Form method="get" className="mt-4 flex max-w-lg gap-2">
        <label htmlFor="mailbox-to" className="sr-only">
          Recipient
        </label>
        <input
          id="mailbox-to"
          name="to"
          type="search"
          defaultValue={to}
          placeholder="Recipient email"
          className="input"
        />
        <button type="submit" className="btn-outline">
          Filter
        </button>
      </Form>
      {mailbox.items.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-muted">
          No messages{to ? ` to ${to}` : ''} yet.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-ink/10 overflow-hidden rounded-xl bg-white shadow-sm"
          aria-label="Messages"
        >
          {mailbox.items.map((m) => (
            <li key={m.id}>
              <Link to={`/admin/mailbox/${m.id}`} className="block px-4 py-3 hover:bg-plum-50">
                <span className="block font-semibold">{m.subject}</span>
                <span className="block text-sm text-muted">
                  To {m.toAddress} · {dateTime.format(new Date(m.createdAt))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Mailbox pages" className="mt-4 flex gap-2">
          {mailbox.page > 1 ? (
            <Link to={pageLink(mailbox.page - 1)} className="btn-outline">
              Newer
            </Link>
          ) : null}
          {mailbox.page < pages ? (
            <Link to={pageLink(mailbox.page + 1)} className="btn-outline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
