// Meta tags every storefront page carries: title, description, canonical URL, Open Graph and a
// Twitter card, so a shared link shows something useful in WhatsApp, Instagram or X.
import type { MetaDescriptor } from 'react-router';

export function pageMeta(input: {
  title: string;
  description: string;
  url: string;
  image?: string;
}): MetaDescriptor[] {
  return [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: input.url },
    { property: 'og:site_name', content: 'Crown Hair' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: input.url },
    ...(input.image
      ? [
          { property: 'og:image', content: input.image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
        ]
      : []),
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    ...(input.image ? [{ name: 'twitter:image', content: input.image }] : []),
  ];
}
