import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import './app.css';
import '#app/lib/zod-without-eval.ts';
import { FormFailureTemplate } from '#app/components/ui/form-failure-template.tsx';
import { StarSymbol } from '#app/components/ui/stars.tsx';
import { Toaster } from '#app/components/ui/toast.tsx';
import { CheckoutFooter, CheckoutHeader } from '#app/features/layout/checkout-chrome.tsx';
import { useRestoreCurrency } from '#app/features/layout/currency-selector.tsx';
import { NotFoundContent } from '#app/features/layout/not-found-content.tsx';
import { SiteFooter } from '#app/features/layout/site-footer.tsx';
import { SiteHeader } from '#app/features/layout/site-header.tsx';
import { StorefrontPopupSlot } from '#app/features/layout/storefront-popup.tsx';
import { useMergeGuestWishlist } from '#app/features/product/wishlist.ts';
import { pickCurrency, readCurrencyCode } from '#app/lib/currency.server.ts';
import { useNonce } from '#app/lib/nonce.ts';
import { isEnclosedPage, isStaticPage } from '#app/lib/page-handle.ts';
import { loadPersonal } from '#app/lib/personal.server.ts';
import { takeToast, withToastHeaders } from '#app/lib/toast.server.ts';
import type { Route } from './+types/root';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.services;
  const [store, currencies, code, personal, demoMode, demoCredentials, flash] = await Promise.all([
    content.getStoreInfo(),
    content.listCurrencies(),
    readCurrencyCode(request),
    loadPersonal(context),
    context.services.demo.isOn(),
    context.services.demo.showsCredentialsTo(context.clientIp),
    takeToast(request),
  ]);
  return withToastHeaders(
    {
      store,
      currencies,
      currency: pickCurrency(currencies, code),
      // The visitor's own parts (app/lib/personal.server.ts): the same data fills a shared page (ADR 043).
      user: personal.user,
      wishlistIds: personal.wishlistIds,
      cartCount: personal.cartCount,
      /** A demo shop (ADR 016): the admin says so, and its sign-in screen speaks of the demo admin. */
      demoMode,
      /** The sign-in screen shows the demo credentials: a demo shop, to a visitor on this machine (ADR 062). */
      demoCredentials,
      year: new Date().getFullYear(),
      /** The one-time toast an action left for this page (app/lib/toast.server.ts), or null. */
      toast: flash.toast,
      /** The script that enhances a page React does not hydrate (ADR 039). */
      islandsHref: context.islandsHref,
    },
    flash.headers,
  );
}

/** A page that shows (and clears) a flash toast is kept out of every cache. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get('cache-control');
  return cacheControl ? { 'cache-control': cacheControl } : new Headers();
}

// The shell's data changes only when the shopper changes currency (or submits something).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  // The admin portal has its own shell (app/routes/admin.tsx).
  const storefront = !useLocation().pathname.startsWith('/admin');
  // Every inline script carries this response's CSP nonce (ADR 018).
  const nonce = useNonce();
  // Home, listings, product and content pages are not hydrated: the islands script enhances them.
  const matches = useMatches();
  const staticPage = isStaticPage(matches);
  // The checkout has its own, enclosed header and footer (ADR 057).
  const enclosed = isEnclosedPage(matches);
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3d162c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <StarSymbol />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {enclosed ? <CheckoutHeader /> : storefront ? <SiteHeader /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {enclosed ? <CheckoutFooter /> : storefront ? <SiteFooter /> : null}
        {staticPage ? (
          root?.islandsHref ? (
            <>
              <FormFailureTemplate />
              <script type="module" src={root.islandsHref} nonce={nonce} />
            </>
          ) : null
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRestoreCurrency();
  useMergeGuestWishlist();
  // Lets browser tests (and curious developers) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <Toaster flash={loaderData.toast} />
      <StorefrontPopupSlot />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }
  // Another refusal a page answered with its reason (a malformed address: 400; ADR 074).
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === 'string') {
    return (
      <div className="container-shop py-20 text-center" data-page-refusal={error.status}>
        <h1 className="font-display text-3xl font-semibold">We could not open this page</h1>
        <p className="mt-3 text-muted">{error.data.message as string}</p>
        <Link to="/" className="btn-primary mt-8">
          Back to the shop
        </Link>
      </div>
    );
  }
  return (
    <div className="container-shop py-20 text-center">
      <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-muted">
        We could not load this page. Please try again in a moment; nothing you saved has been lost.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Back to the shop
      </Link>
    </div>
  );
}
