// The islands' contract with the markup (ADRs 039, 046, 093). The pages React does not hydrate are
// rendered whole on the server; app/islands/*.ts find their elements by the data attributes below
// and by a few server-rendered <template>s, never by class lists or test attributes. The TSX that
// renders an element and the island that finds it both import its name from here, so renaming one
// renames the other, and the islands copy no markup: what an island adds (the cart badge, a form's
// failure box) is cloned from a <template> the server rendered beside it.
//
// Besides these, the islands rely only on what a shopper's browser relies on: form field names
// (`quantity`, `shipState`, `paymentMethod`, `email`, `minPrice`/`maxPrice`, `sort`, `variantId`,
// `intent`), `<main>`, `header a[href="/cart"]`, `button[type="submit"]`, `role="alert"`/`"status"`
// and ARIA states (`aria-pressed`, `aria-current`, `aria-invalid`) that CSS styles.

export const HOOK = {
  // The header (app/features/layout/header-personal.tsx): the cart link, its badge, the badge's
  // template (cloned when a cart that had none gains an item), and the signed-in account link.
  cartLink: 'data-cart-link',
  cartCount: 'data-cart-count',
  cartCountTemplate: 'data-cart-count-template',
  signedIn: 'data-signed-in',
  // The footer's newsletter form and its status line (app/features/layout/newsletter-form.tsx).
  newsletter: 'data-newsletter',
  newsletterStatus: 'data-newsletter-status',
  // The currency select, the header's search and track-order dialogs (app/features/layout/).
  currencySelect: 'data-currency-select',
  dialogTrigger: 'data-dialog-trigger',
  dialogClose: 'data-dialog-close',
  // Toasts (app/components/ui/toast.tsx): the region and each toast (its `data-kind` says how
  // long it stays).
  toasts: 'data-toasts',
  toast: 'data-toast',
  // A form's failure box, made from its template (app/components/ui/form-failure-template.tsx).
  formFailure: 'data-form-failure',
  formFailureTemplate: 'data-form-failure-template',
  // The home page's hero (app/features/home/hero-slider.tsx); `data-active` on a slide and
  // `data-paused` on the hero are state the island writes and CSS and tests read.
  hero: 'data-hero',
  heroSlide: 'data-hero-slide',
  heroDot: 'data-hero-dot',
  heroStep: 'data-hero-step',
  // ResponsiveImage's `deferred` addresses (app/components/ui/responsive-image.tsx).
  deferredSrcset: 'data-srcset',
  deferredSrc: 'data-src',
  // The listing's filters (app/routes/collections.tsx, app/features/catalog/price-range.tsx).
  listingFilters: 'data-listing-filters',
  priceRange: 'data-price-range',
  priceRangeLabel: 'data-price-range-label',
  // The product page (app/features/product/*.tsx).
  gallery: 'data-gallery',
  galleryMain: 'data-gallery-main',
  galleryThumb: 'data-gallery-thumb',
  addToCart: 'data-add-to-cart',
  quantityStep: 'data-quantity-step',
  whatsappOrder: 'data-whatsapp-order',
  wishlist: 'data-wishlist',
  backInStock: 'data-back-in-stock',
  share: 'data-share',
  shareButton: 'data-share-button',
  shareStatus: 'data-share-status',
  // The cart (app/features/cart/cart-page.tsx): the page and its list of lines.
  cartPage: 'data-cart-page',
  cartLines: 'data-cart-lines',
  // Checkout (app/features/checkout/*.tsx): the form (its value: the basket's amounts and every
  // state's delivery terms), the figures the island keeps in step, each payment method's row,
  // a field's error line, and the submit button's label.
  checkout: 'data-checkout',
  deliveryEstimate: 'data-delivery-estimate',
  deliveryFee: 'data-delivery-fee',
  checkoutTotal: 'data-checkout-total',
  paymentMethod: 'data-payment-method',
  fieldError: 'data-field-error',
  checkoutLabel: 'data-checkout-label',
  // Store credit at checkout (ADR 100): the checkbox (its value: the balance) and its summary row.
  storeCreditChoice: 'data-store-credit-choice',
  storeCreditRow: 'data-store-credit-row',
} as const;

type Hook = (typeof HOOK)[keyof typeof HOOK];

/** The attribute to spread on the element an island finds: `<ul {...mark(HOOK.cartLines)}>`. */
export function mark(hook: Hook, value: string | number = ''): Record<string, string> {
  return { [hook]: String(value) };
}

/** The CSS selector for a hook, optionally with one value: `select(HOOK.paymentMethod, 'online')`. */
export function select(hook: Hook, value?: string): string {
  return value === undefined ? `[${hook}]` : `[${hook}="${value}"]`;
}
