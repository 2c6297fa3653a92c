// The content pages' Markdown → HTML, on the server only (the storefront's JavaScript never
// carries a Markdown library). Safe by construction: raw HTML in the source is shown as text
// (markdown-it `html: false`), images are off, and links go only to http(s), mailto:, tel: or a
// path on this site; anything else (javascript:, data:, //other.site) stays plain text.
import MarkdownIt from 'markdown-it';

const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
md.disable('image');
md.validateLink = (url) => SAFE_LINK.test(url.trim());
// Links that leave the shop open without handing it the opener.
const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? '')))
    token.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Renders an owner's Markdown to HTML that is safe to put on the page as it is. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
