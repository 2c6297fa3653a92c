import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { telHref, whatsAppHref } from '#core/nigeria.ts';
import { CurrencySelector } from './currency-selector.tsx';
import { CATEGORY_NAV, CUSTOMER_CARE_LINKS } from './nav-links.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import { useRootData } from './store-data.ts';

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2A21 21 0 0 0 14.6 2C12.2 2 10.6 3.5 10.6 6.1v2.4H8v3.4h2.6V22H14V11.9h2.7l.4-3.4Z" />
    </svg>
  );
}
function TikTokIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M16.6 2h-3.4v13.4a2.9 2.9 0 1 1-2.1-2.8V9.1a6.3 6.3 0 1 0 5.5 6.3V8.6a7.9 7.9 0 0 0 4.4 1.4V6.6a4.5 4.5 0 0 1-4.4-4.6Z" />
    </svg>
  );
}

const linkClass = 'text-sm text-cream/80 hover:text-gold-300';

function FooterLinks({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.18em] text-gold-400">{title}</h2>
      <ul className="space-y-2">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const root = useRootData();
  const store = root?.store;
  const year = root?.year ?? new Date().getFullYear();

  return (
    <footer className="mt-16 bg-plum-900 text-cream">
      <div className="container-shop grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="font-display text-2xl font-semibold">
            Crown<span className="text-gold-400">Hair</span> Lagos
          </p>
          <p className="text-sm leading-relaxed text-cream/80">
            100% human hair wigs, bundles, frontals and braiding hair, delivered across Nigeria.
          </p>
          {store ? (
            <address className="space-y-2 text-sm not-italic text-cream/80">
              <p className="flex gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
                {store.address}
              </p>
              <p>
                <a href={telHref(store.phone)} className={`flex gap-2 ${linkClass}`}>
                  <Phone className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
                  {store.phone}
                </a>
              </p>
              <p>
                <a href={`mailto:${store.email}`} className={`flex gap-2 ${linkClass}`}>
                  <Mail className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
                  {store.email}
                </a>
              </p>
            </address>
          ) : null}
        </div>

        <FooterLinks title="Quick Links" links={[...CATEGORY_NAV, { label: 'Wishlist', to: '/wishlist' }]} />
        <FooterLinks
          title="Customer Care"
          links={[...CUSTOMER_CARE_LINKS, { label: 'Get Support', to: '/support' }]}
        />

        <div className="space-y-6">
          <NewsletterForm />
          {store ? (
            <div>
              <h2 className="mb-3 font-sans text-xs font-bold uppercase tracking-[0.18em] text-gold-400">
                Follow Us
              </h2>
              <ul className="flex gap-2">
                {[
                  { label: 'Instagram', href: store.instagram, icon: <InstagramIcon /> },
                  { label: 'Facebook', href: store.facebook, icon: <FacebookIcon /> },
                  { label: 'TikTok', href: store.tiktok, icon: <TikTokIcon /> },
                  {
                    label: 'WhatsApp',
                    href: whatsAppHref(store.whatsapp),
                    icon: <MessageCircle className="h-5 w-5" aria-hidden="true" />,
                  },
                ]
                  // A social account the owner left blank on the settings screen is not shown.
                  .filter((s) => s.href)
                  .map((s) => (
                    <li key={s.label}>
                      <a
                        href={s.href}
                        rel="noopener noreferrer"
                        target="_blank"
                        aria-label={s.label}
                        className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-cream hover:bg-gold-400 hover:text-ink"
                      >
                        {s.icon}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ) : null}
          <div className="flex items-center gap-3 text-sm text-cream/80">
            <span>Currency</span>
            <CurrencySelector id="currency-footer" tone="light" />
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-shop flex flex-col gap-2 py-5 text-xs text-cream/70 sm:flex-row sm:items-center sm:justify-between">
          <p>{`© ${year} Crown Hair Lagos. All rights reserved.`}</p>
          <p>Secure checkout · Prices in naira (₦) · Nationwide delivery</p>
        </div>
      </div>
    </footer>
  );
}
