// A value to paste elsewhere (the webhook address): selectable text that works without
// JavaScript, and a Copy button that appears once the page is hydrated (the admin hydrates, so
// this small component is its island; ADR 071).
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

export function CopyField({ value, label }: { value: string; label: string }) {
  const id = useId();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard));
  }, []);
  return (
    <div className="mt-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex flex-wrap items-stretch gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-cream px-3 font-mono text-sm"
        />
        {canCopy ? (
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              void navigator.clipboard.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            <span className="ml-1">{copied ? 'Copied' : 'Copy'}</span>
          </button>
        ) : null}
      </div>
      <p className="sr-only" role="status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
    </div>
  );
}
