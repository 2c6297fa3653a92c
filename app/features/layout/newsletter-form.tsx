import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { HOOK, mark } from '#app/lib/islands-contract.ts';
import { NEWSLETTER_CHECK_INBOX } from '#core/newsletter.ts';
import type { action } from '../../routes/newsletter.tsx';

export function NewsletterForm() {
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  const inputId = useId();
  const messageId = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const result = fetcher.data;
  const subscribedWithoutJs = location.hash === '#newsletter-subscribed';

  useEffect(() => {
    if (fetcher.state === 'idle' && result?.ok && input.current) input.current.value = '';
  }, [fetcher.state, result]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter"
      noValidate
      className="group space-y-2"
      id="newsletter"
      {...mark(HOOK.newsletter)}
      onSubmit={(event) => {
        // With JavaScript the answer shows in place; without it the form posts and the page reloads.
        event.preventDefault();
        const body = new FormData(event.currentTarget);
        body.set('_js', '1');
        fetcher.submit(body, { method: 'post', action: '/newsletter' });
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={inputId} className="block text-sm font-semibold text-cream">
        Get new arrivals and offers first
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          defaultValue={result && !result.ok ? result.email : undefined}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={messageId}
          className="input min-h-11 flex-1 border-white/20 bg-white/95"
        />
        <button type="submit" className="btn-gold shrink-0" disabled={fetcher.state !== 'idle'}>
          {fetcher.state === 'idle' ? 'Subscribe' : 'Subscribing…'}
        </button>
      </div>
      <p
        id={messageId}
        {...mark(HOOK.newsletterStatus)}
        role="status"
        className="min-h-5 text-sm text-cream/80 group-has-[[aria-invalid=true]]:text-gold-300"
      >
        {result?.message ?? (subscribedWithoutJs ? NEWSLETTER_CHECK_INBOX : '')}
      </p>
    </fetcher.Form>
  );
}
