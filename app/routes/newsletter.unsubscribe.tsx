// /newsletter/unsubscribe?token=…: the link at the end of every newsletter mailing. Opening it
// unsubscribes at once (one click, no JavaScript, no sign-in); a POST to the same address does the
// same for mail apps' one-click unsubscribe (RFC 8058). Doing it again changes nothing.
import { MailX } from 'lucide-react';
import { data, Link } from 'react-router';
import type { Route } from './+types/newsletter.unsubscribe';

async function unsubscribe(url: URL, services: Route.LoaderArgs['context']['services']) {
  const token = (url.searchParams.get('token') ?? '').slice(0, 200);
  const result = await services.newsletter.unsubscribe({ token });
  const headers = { 'cache-control': 'private, no-store' };
  if (!result) return data({ done: false as const, email: '' }, { status: 404, headers });
  return data({ done: true as const, email: result.email }, { headers });
}

export function loader({ url, context }: Route.LoaderArgs) {
  return unsubscribe(url, context.services);
}

export function action({ url, context }: Route.ActionArgs) {
  return unsubscribe(url, context.services);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get('cache-control') ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: 'Unsubscribe | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink/10 bg-white p-6 text-center shadow-sm sm:p-8">
        <MailX className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
        {result.done ? (
          <>
            <h1 className="mt-4 font-display text-3xl font-semibold">You are unsubscribed</h1>
            <p className="mt-4 text-muted" role="status">
              {result.email} will get no more newsletters from Crown Hair. Order emails still arrive as usual.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-4 font-display text-3xl font-semibold">Unsubscribe</h1>
            <p className="mt-4 text-sale" role="alert">
              This unsubscribe link is not valid. Please use the link from the end of one of our emails.
            </p>
          </>
        )}
        <Link to="/" className="btn-outline mt-6 w-full">
          Back to the shop
        </Link>
      </div>
    </section>
  );
}
