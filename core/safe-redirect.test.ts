// The one redirect rule, attacked with hostile inputs: whatever goes in, what comes out is a path
// on this shop (one leading '/', this origin), as a browser would resolve it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

const ORIGIN = 'https://shop.example';

function expectSameOrigin(result: string) {
  expect(result.startsWith('/')).toBe(true);
  expect(result[1]).not.toBe('/');
  expect(result[1]).not.toBe('\\');
  expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
  // A browser drops tabs and newlines anywhere in a URL: the result must survive that too.
  const asBrowserReadsIt = result.replace(/[\t\n\r]/g, '');
  expect(new URL(asBrowserReadsIt, ORIGIN).origin).toBe(ORIGIN);
  expect(asBrowserReadsIt.startsWith('//')).toBe(false);
}

const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  'https://evil.example',
  'https:evil.example',
  'HTTPS://evil.example/path',
  '//evil.example/%2e%2e',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/a/../..//evil.example',
  '/admin/../..//evil.example',
  '/\u0000/evil.example',
  '/\u3000/evil.example',
  '//\u200bevil.example',
  '/@evil.example',
  '/%00//evil.example',
  '',
];

describe('safeRedirectPath', () => {
  it('keeps ordinary same-site paths (with their query and fragment)', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/checkout',
      '/collections/wigs?sort=new&page=2',
      '/cart#summary',
    ]) {
      expect(safeRedirectPath(path, '/fallback')).toBe(path);
    }
  });

  it.each(HOSTILE)('refuses or neutralises %j', (input) => {
    const result = safeRedirectPath(input, '/dashboard');
    expectSameOrigin(result);
    // Decoded once more (as a naive consumer might), it still does not leave the shop.
    let decoded = result;
    try {
      decoded = decodeURIComponent(result);
    } catch {}
    expect(decoded.startsWith('//')).toBe(false);
    expect(decoded.startsWith('/\\')).toBe(false);
  });

  it('gives the fallback for anything that is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['/x'], new URL('https://evil.example')]) {
      expect(safeRedirectPath(value, '/dashboard')).toBe('/dashboard');
    }
  });

  it('whatever the input, the result is one leading "/" on this origin (property)', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      '/\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '%09',
      '%0a',
      '%2F',
      '%2f',
      '%5C',
      '%5c',
      '%2e',
      '.',
      '..',
      '@',
      ':',
      'http:',
      'https:',
      'javascript:',
      'evil.example',
      'shop.example',
      '?',
      '#',
      '&',
      '=',
      '\u0000',
      '\u00a0',
      '\u3000',
      '\uff0f',
      'a',
      'dashboard',
    );
    const hostile = fc.oneof(
      fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.array(pieces, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
      fc.string({ maxLength: 40 }),
      fc.webUrl(),
      fc.webPath(),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        const result = safeRedirectPath(input, '/dashboard');
        expectSameOrigin(result);
      }),
      { numRuns: 5000 },
    );
  });
});
