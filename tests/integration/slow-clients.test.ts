// Clients that take for ever (issue 16, ADR 047): headers or a body sent a byte at a time, or a
// client that goes silent mid-request, are cut off at the server's limits (shortened here) with
// 408, instead of holding a socket and the memory behind it. Through real sockets.

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let port = 0;
beforeAll(async () => {
  shop = await createTestShop({
    timeouts: { headersMs: 400, requestMs: 800, idleMs: 1_000, keepAliveMs: 500, checkEveryMs: 100 },
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await shop.close();
});

/** Sends `head` at once, then `trickle` one byte every 100 ms; resolves with what came back and when the server closed. */
function slowClient(head: string, trickle = ''): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      let i = 0;
      const timer = setInterval(() => {
        if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]!);
      }, 100);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    setTimeout(() => reject(new Error('the server never closed the connection')), 10_000).unref();
  });
}

describe('a slow client', () => {
  it('whose headers trickle in is answered 408 and cut off at the header limit', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'GET /api/v1/health HTTP/1.1\r\n',
      'X-Slow: ' + 'a'.repeat(60),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('whose body trickles in is answered 408 and cut off at the request limit', async () => {
    const body = JSON.stringify({ email: 'slow@example.ng' });
    const { answer, closedAfterMs } = await slowClient(
      `POST /api/v1/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n`,
      body + ' '.repeat(100),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('that keeps a connection open after its answer is let go once it idles', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'GET /api/v1/health HTTP/1.1\r\nHost: shop.test\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(400);
    expect(closedAfterMs).toBeLessThan(3_000);
  });
});
