import { Share2 } from 'lucide-react';
import { useState } from 'react';

/** The device's share sheet where there is one; otherwise copy the link, with WhatsApp beside it. */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState('');
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-outline min-h-10"
        onClick={async () => {
          if (navigator.share) {
            try {
              await navigator.share({ title, url });
              return;
            } catch (error) {
              if ((error as Error).name === 'AbortError') return;
            }
          }
          try {
            await navigator.clipboard.writeText(url);
            setStatus('Link copied');
          } catch {
            setStatus(`Copy this link: ${url}`);
          }
        }}
      >
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
      <span role="status" className="text-sm text-muted">
        {status}
      </span>
    </div>
  );
}
