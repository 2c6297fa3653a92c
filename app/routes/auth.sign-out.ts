// POST /auth/sign-out: ends the session on the server and clears the cookie.
import { redirect } from 'react-router';
import type { Route } from './+types/auth.sign-out';

export async function action({ context }: Route.ActionArgs) {
  const user = await context.auth.getUser();
  await context.services.accounts.signOut(context.auth.token);
  if (user) context.log.info({ userId: user.id }, 'signed out');
  return redirect('/', { headers: { 'set-cookie': context.auth.clearSessionCookie() } });
}

// Signing out changes state, so it is a POST; a plain visit just goes home.
export function loader() {
  return redirect('/');
}
