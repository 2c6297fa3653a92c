// Newsletter words shared by the server and the footer form (no dependencies: the footer is on
// every page and must not pull zod into the browser).

/** The answer to every sign-up, subscribed already or not (double opt-in; no enumeration). */
export const NEWSLETTER_CHECK_INBOX =
  'Almost done: check your inbox and open the link we sent to confirm your subscription.';
