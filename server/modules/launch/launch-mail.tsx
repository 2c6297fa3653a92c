// The launch checklist's test email (ADR 071): proof that the shop's mail reaches a real inbox.
import type { OutgoingMail } from '#server/modules/mail/mail.service.ts';
import { greeting, html, Layout, P, SHOP_NAME, text } from '#server/modules/mail/templates.tsx';

export const TEST_EMAIL_TEMPLATE = 'launch-test-email';

export function launchTestMail(input: { to: string; name: string; transport: string }): OutgoingMail {
  const subject = `Test email from ${SHOP_NAME}`;
  const body = `This is the test email you asked for on the launch checklist. It reached you through ${input.transport}, so the shop's order, password and newsletter emails can reach your customers the same way.`;
  const next = 'Nothing else to do: the checklist now shows this delivery as sent.';
  return {
    template: TEST_EMAIL_TEMPLATE,
    to: input.to,
    subject,
    text: text([greeting(input.name), '', body, '', next]),
    html: html(
      <Layout title={subject} preview="Your shop's email works.">
        <P>{greeting(input.name)}</P>
        <P>{body}</P>
        <P muted>{next}</P>
      </Layout>,
    ),
  };
}
