// What a users action says once it has worked. Until the toast system lands, a successful post
// redirects with `?done=<key>` and the page shows the message: the one place to switch to toasts.
import { redirect } from 'react-router';
import { FormMessage } from '#app/features/account/form-fields.tsx';

export const USERS_DONE = {
  suspended: 'Account suspended. Every session it had has ended; it cannot sign in until reactivated.',
  reactivated: 'Account reactivated. They can sign in again.',
  'role-changed': 'Role changed. Their sessions ended, so the new role starts at their next sign-in.',
  emailed: 'Email queued. It is in the outbox and recorded in the activity below.',
} as const;
export type UsersDoneKey = keyof typeof USERS_DONE;

/** The answer to a successful users action. */
export function usersDone(to: string, key: UsersDoneKey): Response {
  return redirect(`${to}${to.includes('?') ? '&' : '?'}done=${key}`);
}

/** The message for `?done=` in the page's address, if it is one of ours. */
export function UsersDoneMessage({ search }: { search: string }) {
  const key = new URLSearchParams(search).get('done');
  if (!key || !(key in USERS_DONE)) return null;
  return <FormMessage tone="success">{USERS_DONE[key as UsersDoneKey]}</FormMessage>;
}
