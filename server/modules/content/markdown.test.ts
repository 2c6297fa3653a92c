import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = renderMarkdown(
      '## Returns\n\n- [Email us](mailto:care@crownhair.ng)\n- [Call](tel:+2348031234567)\n- [Track](/track-order)\n- [Blog](https://crownhair.ng/blog)',
    );
    expect(html).toContain('<h2>Returns</h2>');
    expect(html).toContain('<a href="mailto:care@crownhair.ng">Email us</a>');
    expect(html).toContain('<a href="tel:+2348031234567">Call</a>');
    expect(html).toContain('<a href="/track-order">Track</a>');
    expect(html).toContain('<a href="https://crownhair.ng/blog" rel="noopener noreferrer nofollow">Blog</a>');
  });

  it('neutralises raw HTML, event handlers and script links', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '<a href="javascript:alert(1)">x</a>',
        '[a](javascript:alert(1)) [b](JavaScript:alert(1)) [c](data:text/html,hi) [d](//evil.example) [e](vbscript:x)',
        '![pic](https://example.com/x.png)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|<a href="(?:javascript|data|vbscript|\/\/)/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
