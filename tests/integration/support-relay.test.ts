// The guest support form is not a mail relay (issue 29, defects 6 and 7a; ADR 063): the shop's
// acknowledgement to a typed-in address carries none of the sender's words (not in the subject,
// not in the greeting, not the message: a link to the ticket instead), an address gets only a few
// such emails a day however many client addresses ask, and the form's body is held to 64 KB when
// it carries no photo, with nothing echoed back beyond each field's own limit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_BODY_MAX, TICKET_SUBJECT_MAX } from '#core/contract/support.ts';
import { queryRows } from '#server/db/client.ts';
import { SUPPORT_RATE_LIMITS } from '#server/modules/support/support.service.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

async function ticketCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM support_tickets`,
  );
  return row!.n;
}

describe('the acknowledgement a guest gets', () => {
  it('says none of what the sender typed: neutral greeting, a subject of its own, a link instead of the message', async () => {
    const spam = {
      name: 'Claim your prize at http://win.example',
      email: 'victim-one@example.ng',
      subject: 'You won 5,000,000 naira: visit http://win.example',
      body: 'Send your bank PIN to http://win.example to collect the money today.',
    };
    const res = await new TestClient(shop.app).post('/support', spam);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    const mails = await shop.mailTo('victim-one@example.ng');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toMatch(/T-[A-Z0-9]{6}/);
    for (const part of [mail!.subject, mail!.textBody, mail!.htmlBody ?? '']) {
      expect(part).not.toContain('win.example');
      expect(part).not.toContain('Claim your prize');
      expect(part).not.toContain('5,000,000');
      expect(part).not.toContain('bank PIN');
    }
    expect(mail!.textBody).toMatch(/^Hello,/);
    expect(mail!.textBody).toContain('http://shop.test/support/t/');
  });
});

describe('how often the shop writes to one address', () => {
  it('a few acknowledgements per recipient a day, whatever client addresses ask (its +tag and case variants too)', async () => {
    const limit = SUPPORT_RATE_LIMITS.guestPerRecipient.limit;
    const variants = ['target@example.ng', 'Target@Example.ng', 'target+a@example.ng', 'TARGET+b@example.ng'];
    const statuses: number[] = [];
    for (let i = 0; i < limit + 3; i++) {
      // A new client each time, from a new address: only the recipient ties them together.
      const res = await new TestClient(shop.app).post(
        '/support',
        {
          name: 'Someone',
          email: variants[i % variants.length]!,
          subject: 'Where is my order?',
          body: 'It has been a while and I have not heard anything.',
        },
        { remoteAddress: `10.9.0.${i + 1}` },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.body).toContain('We have already sent several emails');
      }
    }
    expect(statuses.slice(0, limit).every((s) => s === 302)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429]);
    const sent = (
      await Promise.all([...new Set(variants.map((v) => v.toLowerCase()))].map((v) => shop.mailTo(v)))
    ).flat().length;
    expect(sent).toBe(limit);
    // Another recipient is not held up by it.
    const other = await new TestClient(shop.app).post(
      '/support',
      {
        name: 'Someone',
        email: 'someone-else@example.ng',
        subject: 'Where is my order?',
        body: 'It has been a while and I have not heard anything.',
      },
      { remoteAddress: '10.9.1.1' },
    );
    expect(other.statusCode).toBe(302);
  });
});

describe('the size of the form', () => {
  const fields = {
    name: 'Amaka Obi',
    email: 'size-check@example.ng',
    subject: 'Wig arrived late',
  };

  it('refuses a form without a photo over 64 KB with 413, as multipart and as urlencoded, storing nothing', async () => {
    const before = await ticketCount();
    const big = 'a'.repeat(70 * 1024);
    const multipart = await new TestClient(shop.app).postMultipart('/support', { ...fields, body: big });
    expect(multipart.statusCode).toBe(413);
    expect(multipart.body.length).toBeLessThan(1024);
    const urlencoded = await new TestClient(shop.app).post('/support', { ...fields, body: big });
    expect(urlencoded.statusCode).toBe(413);
    expect(urlencoded.body.length).toBeLessThan(1024);
    // Ten megabytes without a file: refused the same way.
    const huge = await new TestClient(shop.app).postMultipart('/support', {
      ...fields,
      body: 'b'.repeat(10 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.body.length).toBeLessThan(1024);
    expect(await ticketCount()).toBe(before);
  });

  it('echoes a refused form back no longer than its fields may be, and nothing it does not have', async () => {
    const res = await new TestClient(shop.app).post('/support', {
      ...fields,
      subject: 's'.repeat(20_000),
      body: 'b'.repeat(30_000),
      junk: 'j'.repeat(10_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please keep the subject under');
    // What was typed is kept (up to each field's limit) …
    expect(res.body).toContain('s'.repeat(TICKET_SUBJECT_MAX));
    expect(res.body).toContain('b'.repeat(TICKET_BODY_MAX));
    // … and never more.
    expect(res.body).not.toContain('s'.repeat(TICKET_SUBJECT_MAX + 1));
    expect(res.body).not.toContain('b'.repeat(TICKET_BODY_MAX + 1));
    expect(res.body).not.toContain('j'.repeat(100));
    expect(res.body.length).toBeLessThan(64 * 1024);
  });
});
