import { Heart, Menu, Search, Truck, User, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { PersonalSlot } from '#app/components/personal-slot.tsx';
import { CurrencySelector } from './currency-selector.tsx';
import { AccountControls, CartLink, ICON_BASE, ICON_BUTTON, MenuLogout } from './header-personal.tsx';
import { Logo } from './logo.tsx';
import { CATEGORY_NAV } from './nav-links.ts';
import { PopupForm } from './popup-dialog.tsx';
import { useRootData } from './store-data.ts';

function isActive(to: string, pathname: string, search: string): boolean {
  const [path, query = ''] = to.split('?');
  if (path !== pathname) return false;
  const want = new URLSearchParams(query).get('category');
  return (new URLSearchParams(search).get('category') ?? null) === want;
}

/** Login brings the shopper back to the page they were on. */
function signInLink(pathname: string, search: string): string {
  if (pathname === '/' || pathname.startsWith('/auth')) return '/auth';
  return `/auth?redirectTo=${encodeURIComponent(pathname + search)}`;
}

export function SiteHeader() {
  const root = useRootData();
  const location = useLocation();
  const cartCount = root?.cartCount ?? 0;

  return (
    <>
      <div className="bg-plum-900 text-cream">
        <div className="container-shop flex min-h-9 items-center justify-between gap-2 text-xs">
          <PopupForm
            action="/track-order"
            field="id"
            title="Track your order"
            label="Tracking number"
            placeholder="e.g. CH1234567890"
            submitLabel="Track Order"
            destination={(id) => `/track-order?id=${encodeURIComponent(id)}`}
            triggerLabel="Track order"
            triggerClassName="inline-flex min-h-8 items-center gap-1.5 rounded px-1 font-semibold hover:text-gold-300"
            trigger={
              <>
                <Truck className="h-4 w-4" aria-hidden="true" />
                <span>Track Order</span>
              </>
            }
          />
          <p className="hidden text-center font-medium tracking-wide sm:block">
            It's a good hair day everyday.
          </p>
          <CurrencySelector id="currency-top" />
        </div>
        <p className="border-t border-white/10 py-1 text-center text-[11px] font-medium tracking-wide sm:hidden">
          It's a good hair day everyday.
        </p>
      </div>

      {root && root.currency.code !== 'NGN' ? (
        <p className="bg-gold-300 px-4 py-1 text-center text-xs font-medium text-ink">
          Prices in {root.currency.code} are approximate. You pay in naira (₦) at checkout.
        </p>
      ) : null}
      <header className="sticky top-0 z-30 border-b border-ink/10 bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
        <div className="container-shop flex h-16 items-center gap-1 sm:gap-2">
          <details className="group lg:hidden">
            <summary
              className={`${ICON_BUTTON} list-none [&::-webkit-details-marker]:hidden`}
              aria-label="Menu"
            >
              <Menu className="h-6 w-6 group-open:hidden" aria-hidden="true" />
              <X className="hidden h-6 w-6 group-open:block" aria-hidden="true" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 z-40 border-b border-ink/10 bg-cream px-4 pb-4 shadow-lg"
            >
              <ul className="divide-y divide-ink/10">
                {CATEGORY_NAV.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className="block py-3 text-sm font-semibold uppercase tracking-wider text-ink hover:text-plum-700"
                      onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
                {/* The header's heart shows from 640 px up; on a phone the wishlist is here. */}
                <li className="sm:hidden">
                  <Link
                    to="/wishlist"
                    className="flex items-center gap-2 py-3 text-sm font-semibold uppercase tracking-wider text-ink hover:text-plum-700"
                    onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}
                  >
                    <Heart className="h-4 w-4" aria-hidden="true" /> Wishlist
                  </Link>
                </li>
                <PersonalSlot name="menu-logout">{root?.user ? <MenuLogout /> : null}</PersonalSlot>
              </ul>
            </nav>
          </details>

          <Logo className="mr-auto lg:mr-8" />

          <nav aria-label="Categories" className="hidden flex-1 lg:block">
            <ul className="flex items-center gap-6">
              {CATEGORY_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={() =>
                      `text-xs font-semibold uppercase tracking-[0.14em] hover:text-plum-700 ${
                        isActive(item.to, location.pathname, location.search)
                          ? 'text-plum-800 underline decoration-gold-500 decoration-2 underline-offset-8'
                          : 'text-ink'
                      } ${item.label === 'Sale' ? 'text-sale' : ''}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex items-center">
            <PopupForm
              action="/collections"
              field="search"
              title="Search the shop"
              label="What are you looking for?"
              placeholder="Search products..."
              submitLabel="Search"
              destination={(text) => `/collections?search=${encodeURIComponent(text)}`}
              triggerLabel="Search"
              triggerClassName={ICON_BUTTON}
              trigger={<Search className="h-5 w-5" aria-hidden="true" />}
            />
            <Link to="/wishlist" className={`hidden sm:inline-flex ${ICON_BASE}`} aria-label="Wishlist">
              <Heart className="h-5 w-5" aria-hidden="true" />
            </Link>
            {/* Personal parts (ADR 043): the same markup fills a shared page for this shopper. */}
            <PersonalSlot name="account">
              {root?.user ? (
                <AccountControls user={root.user} />
              ) : (
                <Link
                  to={signInLink(location.pathname, location.search)}
                  className="inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-1.5 text-sm font-semibold hover:bg-plum-50 hover:text-plum-800 sm:px-2"
                >
                  <User className="h-5 w-5" aria-hidden="true" />
                  <span className="hidden sm:inline">Login</span>
                  <span className="sr-only sm:hidden">Login</span>
                </Link>
              )}
            </PersonalSlot>
            <PersonalSlot name="cart">
              <CartLink count={cartCount} />
            </PersonalSlot>
          </div>
        </div>
      </header>
    </>
  );
}
