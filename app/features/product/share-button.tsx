// The product page's Share: the device's share sheet where there is one, otherwise copy the link;
// WhatsApp beside it as a plain link. The page is not hydrated (ADR 039): the button is rendered
// hidden and the islands script (app/islands/product.ts) reveals and runs it (data-share), so
// without JavaScript only the WhatsApp link shows.
import { Share2 } from 'lucide-react';
import { HOOK, mark } from '#app/lib/islands-contract.ts';

export function ShareButton({ url, title }: { url: string; title: string }) {
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      {...mark(HOOK.share)}
      data-url={url}
      data-title={title}
    >
      <button type="button" className="btn-outline min-h-10" hidden {...mark(HOOK.shareButton)}>
        <Share2 className="h-4 w-4" aria-hidden="true" /> Share
      </button>
      <a
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className="text-sm font-semibold text-plum-800 underline"
      >
        Share on WhatsApp
      </a>
      <span role="status" className="text-sm text-muted" {...mark(HOOK.shareStatus)} />
    </div>
  );
}
