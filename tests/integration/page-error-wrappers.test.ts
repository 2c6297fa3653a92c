// The rules of the one error path for pages (ADR 074), on the wrappers themselves: a refusal is the
// page's status and message or the form's failure with what was typed; a bug stays a bug.
import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asPage, formAction, found, idParam, pageLoader } from '#app/lib/route-errors.server.ts';
import {
  ConflictError,
  NotFoundError,
  RateLimitError,
  StorageFullError,
  ValidationError,
} from '#server/platform/errors.ts';

/** What a wrapper threw or returned, as React Router would see a `data(…)`. */
interface Answer {
  data: { message?: string; code?: string; values?: Record<string, string>; intent?: string };
  init: { status?: number; headers?: Record<string, string> } | null;
}

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function post(fields: Record<string, string>): Request {
  return new Request('http://shop.test/form', { method: 'POST', body: new URLSearchParams(fields) });
}

describe('pageLoader', () => {
  it('answers a 4xx domain error with its status and message', async () => {
    const loader = pageLoader(async () => {
      throw new NotFoundError('No such ticket.');
    });
    const answer = (await thrown(() => loader({}))) as Answer;
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ message: 'No such ticket.', code: 'not_found' });
  });

  it('passes a 429 on with its Retry-After', async () => {
    const loader = pageLoader(async () => {
      throw new RateLimitError(undefined, 42);
    });
    const answer = (await thrown(() => loader({}))) as Answer;
    expect(answer.init?.status).toBe(429);
    expect(answer.init?.headers).toEqual({ 'retry-after': '42' });
  });

  it('rethrows a bug, a 5xx and a redirect untouched', async () => {
    const bug = new TypeError('undefined is not a function');
    expect(await thrown(() => pageLoader(async () => Promise.reject(bug))({}))).toBe(bug);
    const full = new StorageFullError();
    expect(await thrown(() => pageLoader(async () => Promise.reject(full))({}))).toBe(full);
    const away = redirect('/elsewhere');
    expect(await thrown(() => pageLoader(async () => Promise.reject(away))({}))).toBe(away);
  });

  it('returns what the loader returns', async () => {
    expect(await pageLoader(async (n: number) => n + 1)(1)).toBe(2);
  });

  it('asPage does the same for one lookup', async () => {
    const answer = (await thrown(() => asPage(Promise.reject(new NotFoundError('Gone.'))))) as Answer;
    expect(answer.init?.status).toBe(404);
  });
});

describe('formAction', () => {
  it('answers a refusal with its status, message, field errors and what was typed, never a password', async () => {
    const action = formAction(async ({ form }) => {
      await form();
      throw new ValidationError('Please check the form.', { email: ['Enter an email.'] });
    });
    const answer = (await action({
      request: post({ email: 'ada@', password: 'hunter22', _csrf: 'x' }),
    })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      message: 'Please check the form.',
      fieldErrors: { email: ['Enter an email.'] },
      values: { email: 'ada@' },
    });
  });

  it('keeps the fields even when the action failed before reading the form', async () => {
    const action = formAction(async () => {
      throw new ConflictError('Taken.');
    });
    const answer = (await action({ request: post({ code: 'SAVE10' }) })) as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.values).toEqual({ code: 'SAVE10' });
  });

  it('echoes only what `keep` allows and adds what `tag` says', async () => {
    const action = formAction(
      async () => {
        throw new ValidationError('Too long.');
      },
      { keep: (v) => ({ body: (v.body ?? '').slice(0, 3) }), tag: (v) => ({ intent: v.intent }) },
    );
    const answer = (await action({
      request: post({ body: 'abcdef', other: 'x', intent: 'reply' }),
    })) as Answer;
    expect(answer.data.values).toEqual({ body: 'abc' });
    expect(answer.data.intent).toBe('reply');
  });

  it('says a full photo store on the form too (507), as formFailure always did', async () => {
    const action = formAction(async () => {
      throw new StorageFullError();
    });
    const answer = (await action({ request: post({ title: 'Hero' }) })) as Answer;
    expect(answer.init?.status).toBe(507);
    expect(answer.data.values).toEqual({ title: 'Hero' });
  });

  it('rethrows a bug and lets a redirect through', async () => {
    const bug = new RangeError('bad index');
    expect(await thrown(() => formAction(async () => Promise.reject(bug))({ request: post({}) }))).toBe(bug);
    const away = redirect('/done');
    expect(await formAction(async () => away)({ request: post({}) })).toBe(away);
  });
});

describe('idParam and found', () => {
  it('takes a positive whole number of at most nine digits', () => {
    expect(idParam('1')).toBe(1);
    expect(idParam('999999999')).toBe(999999999);
  });

  it.each(['', '0', '-1', '01', '1.5', '1e3', '0x10', 'abc', '1234567890', ' 1'])(
    'answers %j with a 400 that says so',
    (raw) => {
      let caught: unknown;
      try {
        idParam(raw, 'account');
      } catch (error) {
        caught = error;
      }
      const answer = caught as Answer;
      expect(answer.init?.status).toBe(400);
      expect(answer.data.message).toBe('That address does not name an account.');
    },
  );

  it('answers a missing row with a 404 and its message, and returns a present one', () => {
    expect(found({ id: 1 })).toEqual({ id: 1 });
    expect(found(0)).toBe(0);
    let caught: unknown;
    try {
      found(null, 'Order not found.');
    } catch (error) {
      caught = error;
    }
    expect((caught as Answer).init?.status).toBe(404);
    expect((caught as Answer).data.message).toBe('Order not found.');
  });
});
