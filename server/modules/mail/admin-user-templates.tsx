// The email a staff member writes to a customer from the admin portal (/admin/users/:id). The
// subject and message are theirs; the message keeps its paragraphs and is escaped by React.
import type { OutgoingMail } from './mail.service.ts';
import { BRAND, greeting, html, Layout, P, SHOP_NAME, text } from './templates.tsx';

/** One line, no control characters: what a mail header can carry. */
function headerSafe(subject: string): string {
  return subject.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

export function staffMessageMail(input: {
  to: string;
  name?: string | null;
  subject: string;
  message: string;
  supportEmail: string;
}): OutgoingMail {
  const subject = headerSafe(input.subject);
  const paragraphs = input.message
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const replyTo = `Questions? Write to us at ${input.supportEmail}.`;
  return {
    template: 'staff-message',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      replyTo,
      '',
      `— ${SHOP_NAME}`,
    ]),
    html: html(
      <Layout title={subject} preview={paragraphs[0]?.slice(0, 90) ?? subject}>
        <P>{greeting(input.name)}</P>
        {paragraphs.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs never move
          <P key={i}>
            {p.split('\n').map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </P>
        ))}
        <P muted>
          Questions? Write to us at{' '}
          <a href={`mailto:${input.supportEmail}`} style={{ color: BRAND }}>
            {input.supportEmail}
          </a>
          .
        </P>
      </Layout>,
    ),
  };
}
