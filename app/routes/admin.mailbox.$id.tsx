// /admin/mailbox/:id: one delivered email, as text (links clickable) and as the HTML the shopper
// sees (in a sandboxed frame: no scripts, no access to the admin page).
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { requireRole } from '#app/lib/auth.server.ts';
import { found, idParam, pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.mailbox.$id';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  await requireRole(context, STAFF_ROLES);
  const id = idParam(params.id, 'message');
  const message = found(await context.services.mail.getMailboxMessage(id), 'There is no such message.');
  return { message };
});

/** Plain text with its web addresses turned into links. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part} className="break-all font-semibold text-plum-800 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function AdminMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <article className="max-w-3xl">
      <Link
        to="/admin/mailbox"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-plum-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Mailbox
      </Link>
      <h1 className="mt-2 font-display text-2xl font-semibold">{message.subject}</h1>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-muted">From</dt>
        <dd>{message.fromAddress}</dd>
        <dt className="text-muted">To</dt>
        <dd>{message.toAddress}</dd>
        <dt className="text-muted">Date</dt>
        <dd>{new Date(message.createdAt).toLocaleString('en-NG', { timeZone: 'Africa/Lagos' })}</dd>
      </dl>
      {message.masked ? (
        <p className="mt-4 rounded-lg bg-sand px-4 py-3 text-sm">
          Links and codes in this message are masked: the shop sent it to {message.toAddress}, and only they
          can use it. (Mail to staff is always masked; mail to customers is shown whole only in a demo shop.)
        </p>
      ) : null}
      <section aria-labelledby="mail-text">
        <h2 id="mail-text" className="mt-6 text-sm font-semibold uppercase tracking-wider text-muted">
          Text
        </h2>
        <pre className="mt-2 whitespace-pre-wrap rounded-xl bg-white p-4 font-sans text-sm shadow-sm">
          <Linkified text={message.textBody} />
        </pre>
      </section>
      <h2 className="mt-6 text-sm font-semibold uppercase tracking-wider text-muted">
        As the customer sees it
      </h2>
      <iframe
        title="Email as the customer sees it"
        sandbox=""
        srcDoc={message.htmlBody}
        className="mt-2 h-[32rem] w-full rounded-xl border border-ink/10 bg-white"
      />
    </article>
  );
}
