// The email a staff member gets when an admin resets their second factor (ADR 019). It carries no
// token: the link only opens the admin sign-in, where they enrol again.
import type { OutgoingMail } from './mail.service.ts';
import {
  Action,
  BRAND,
  checkedUrl,
  formatLagosTime,
  greeting,
  html,
  Layout,
  P,
  SHOP_NAME,
  text,
} from './templates.tsx';

export function twoFactorResetMail(input: {
  to: string;
  name?: string | null;
  resetBy: string;
  when: Date;
  signInUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const signInUrl = checkedUrl(input.signInUrl);
  const subject = `Your ${SHOP_NAME} two-factor sign-in was reset`;
  const what = `${input.resetBy} reset the two-factor sign-in of your ${SHOP_NAME} staff account on ${formatLagosTime(input.when)}.`;
  const next =
    'You were signed out everywhere. The next time you sign in to the admin portal you will set up your authenticator app again and get new recovery codes.';
  const ifNotExpected = 'If you did not ask for this, tell the shop owner at once, at';
  return {
    template: 'two-factor-reset',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      what,
      next,
      '',
      `${ifNotExpected} ${input.supportEmail}.`,
      '',
      `Admin sign-in: ${signInUrl}`,
    ]),
    html: html(
      <Layout title={subject} preview="Your two-factor sign-in was reset; you will set it up again.">
        <P>{greeting(input.name)}</P>
        <P>{what}</P>
        <P>{next}</P>
        <P>
          {ifNotExpected}{' '}
          <a href={`mailto:${input.supportEmail}`} style={{ color: BRAND }}>
            {input.supportEmail}
          </a>
          .
        </P>
        <Action href={signInUrl} label="Go to the admin sign-in" />
      </Layout>,
    ),
  };
}
