import { Link } from 'react-router';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`group inline-flex min-h-11 items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" aria-hidden="true">
        <circle cx="16" cy="16" r="16" className="fill-plum-800" />
        <path d="M8 21.5 6.8 11l5.4 4.4L16 8.5l3.8 6.9 5.4-4.4L24 21.5Z" className="fill-gold-400" />
        <rect x="8" y="22.6" width="16" height="2.2" rx="1.1" className="fill-gold-400" />
      </svg>
      <span className="font-display text-lg font-semibold sm:text-xl leading-none tracking-tight text-plum-900">
        {/* A darker gold than gold-500: the wordmark reads at 5:1 on the cream header (WCAG AA). */}
        Crown<span className="text-[#8a6420]">Hair</span>
        {/* The link's name begins with its visible text (WCAG 2.5.3), then says where it goes. */}
        <span className="sr-only">, home</span>
      </span>
    </Link>
  );
}
