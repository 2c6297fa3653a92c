// A guest's private ticket link never reaches the access log (issue 29, defect 7d; ADR 063): the
// token in /support/t/<token> is redacted because of the route it is on, whatever it looks like
// (one in 150 random tokens has no digit, one in many has no capital), on the page, its data
// request, its photos and a reply posted to it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { insertLink } from '#server/modules/support/support.repository.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { createLogger, redactUrl } from '#server/platform/logger.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, LogCapture, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const logs = new LogCapture();

beforeAll(async () => {
  shop = await createTestShop({ pages: true, logs });
});
afterAll(async () => {
  await shop.close();
});

const TOKENS = {
  'letters only': 'QwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJ',
  'lower case and digits': 'qwe4rty8uiop2asdf6ghjk1lzxc3vbnm5qwer7tyui9',
  'with dashes, no digit': 'Qw-ErTy_UiOpAsDfGh-JkLzXcVbNm_QwErTyUiOpAsD',
};

describe('guest ticket links in the log', () => {
  it('redacts the token by route, on every request that carries it', async () => {
    const guest = new TestClient(shop.app);
    const opened = await guest.post('/support', {
      name: 'Amaka Obi',
      email: 'log-check@example.ng',
      subject: 'Parcel never came',
      body: 'The parcel never came and the tracking page is stuck.',
    });
    expect(opened.statusCode, opened.body.slice(0, 300)).toBe(302);
    const [ticket] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM support_tickets ORDER BY id DESC LIMIT 1`,
    );
    for (const token of Object.values(TOKENS)) {
      await insertLink(shop.database.db, ticket!.id, hashToken(token));
      const page = await new TestClient(shop.app).get(`/support/t/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Parcel never came');
      await new TestClient(shop.app).get(`/support/t/${token}.data`);
      await new TestClient(shop.app).get(`/support/t/${token}/photos/1`);
      await new TestClient(shop.app).get(`/Support/T/${token}`);
      const reply = await new TestClient(shop.app).post(`/support/t/${token}`, {
        intent: 'message',
        body: 'Any news about my parcel, please?',
      });
      expect(reply.statusCode).toBe(302);
    }
    const urls = logs.lines.map((l) => l.url).filter((u): u is string => typeof u === 'string');
    expect(urls.filter((u) => u.startsWith('/support/t/[redacted]')).length).toBeGreaterThanOrEqual(12);
    for (const [what, token] of Object.entries(TOKENS)) {
      const lines = logs.lines.map((l) => JSON.stringify(l)).filter((text) => text.includes(token));
      expect(lines, what).toEqual([]);
    }
  });

  it('redactUrl masks the segment after /support/t/ whatever its shape, and leaves other paths', () => {
    expect(redactUrl('/support/t/abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq')).toBe('/support/t/[redacted]');
    expect(redactUrl('/support/t/short.data?_routes=x')).toBe('/support/t/[redacted]?_routes=x');
    expect(redactUrl('/support/t/abc/photos/12')).toBe('/support/t/[redacted]/photos/12');
    expect(redactUrl('https://shop.example/support/t/abc')).toBe('https://shop.example/support/t/[redacted]');
    expect(redactUrl('/support/%74/abc')).toBe('/support/%74/[redacted]');
    expect(redactUrl('//support/t/abc')).toBe('//support/t/[redacted]');
    expect(redactUrl('/support?sent=T-ABC123')).toBe('/support?sent=T-ABC123');
    expect(redactUrl('/products/silky-straight-wig')).toBe('/products/silky-straight-wig');
  });

  it('masks the link in a message or an error that names it, too', () => {
    const capture = new LogCapture();
    const log = createLogger({ level: 'info', destination: capture });
    const token = TOKENS['letters only'];
    log.warn(`could not open https://shop.example/support/t/${token} for a reply`);
    log.error({ err: new Error(`render failed on /support/t/${token}/photos/3`) }, 'error in a loader');
    const text = JSON.stringify(capture.lines);
    expect(text).not.toContain(token);
    expect(text).toContain('/support/t/[redacted]');
  });
});
