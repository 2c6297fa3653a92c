// The enclosed checkout's header and footer (ADR 057). At /checkout the shop's full header and
// footer (categories, search, currency, account, newsletter) give way to what a shopper paying
// needs: the logo home, that the page is secure, the way back to the cart, and how to reach the
// shop for help — as Shopify's and most large shops' checkouts do. Fewer ways out of the form, a
// lighter page on a slow phone, and a page the server renders in half the time under a rush.
import { Lock, Mail, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useRootData } from '#app/lib/store-data.ts';
import { telHref, whatsAppHref } from '#core/nigeria.ts';
import { Logo } from './logo.tsx';
import { CUSTOMER_CARE_LINKS } from './nav-links.ts';

/** The policies a shopper may want to read before paying. */
const POLICY_LINKS = CUSTOMER_CARE_LINKS.filter(
  (link) => link.to.startsWith('/pages/') && link.to !== '/pages/about',
);

export function CheckoutHeader() {
  return (
    <header className="border-b border-ink/10 bg-cream">
      <div className="container-shop flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
        <Logo />
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-plum-900">
          <Lock className="h-4 w-4" aria-hidden="true" /> Secure checkout
        </p>
        <Link
          to="/cart"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-plum-800 underline"
        >
          Back to cart
        </Link>
      </div>
    </header>
  );
}

export function CheckoutFooter() {
  const root = useRootData();
  const store = root?.store;
  const year = root?.year ?? new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-ink/10 bg-cream text-sm text-muted">
      <div className="container-shop flex flex-col gap-4 py-6 sm:flex-row sm:items-start sm:justify-between">
        {store ? (
          <address className="not-italic">
            <p className="font-semibold text-ink">Need help with your order?</p>
            <ul className="mt-1 flex flex-wrap gap-x-4">
              <li>
                <a
                  href={telHref(store.phone)}
                  className="inline-flex min-h-11 items-center gap-1.5 hover:text-plum-800"
                >
                  <Phone className="h-4 w-4" aria-hidden="true" />
                  {store.phone}
                </a>
              </li>
              <li>
                <a
                  href={whatsAppHref(store.whatsapp)}
                  className="inline-flex min-h-11 items-center gap-1.5 hover:text-plum-800"
                >
                  <MessageCircle className="h-4 w-4" aria-hidden="true" />
                  WhatsApp
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${store.email}`}
                  className="inline-flex min-h-11 items-center gap-1.5 hover:text-plum-800"
                >
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {store.email}
                </a>
              </li>
            </ul>
          </address>
        ) : null}
        <nav aria-label="Policies">
          <ul className="flex flex-wrap gap-x-4">
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center underline hover:text-plum-800"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-1">© {year} Crown Hair Lagos</p>
        </nav>
      </div>
    </footer>
  );
}
