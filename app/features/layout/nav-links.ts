export const CATEGORY_NAV = [
  { label: 'All Products', to: '/collections' },
  { label: 'Wigs', to: '/collections?category=wigs' },
  { label: 'Bundles & Lace', to: '/collections?category=bundles-and-lace' },
  { label: 'Braiding Hair', to: '/collections?category=braiding-hair' },
  { label: 'New Arrivals', to: '/collections?category=new' },
  { label: 'Sale', to: '/collections?category=sale' },
] as const;

export const CUSTOMER_CARE_LINKS = [
  { label: 'Shipping Info', to: '/pages/shipping' },
  { label: 'Return Policy', to: '/pages/returns' },
  { label: 'Privacy Policy', to: '/pages/privacy' },
  { label: 'Terms of Sale', to: '/pages/terms' },
  { label: 'About Us', to: '/pages/about' },
  { label: 'Track Your Order', to: '/track-order' },
] as const;
