// What the page benchmarks ask of a freshly started sample shop: a product's page, and a guest
// cart (its cookie makes every page personal: the kept page with that visitor's parts, ADR 043, never kept).

/** The path of the first product in the sample catalogue. */
export async function firstProductPath(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/api/v1/products?pageSize=1`)).json()) as {
    items: { id: number; slug: string }[];
  };
  const product = list.items[0];
  if (!product) throw new Error('no product in the sample data');
  return `/collections/${product.slug}-${product.id}`;
}

/** Puts one item in a new guest cart, as the product page's form does; returns its cookie. */
export async function guestCartCookie(base: string): Promise<string> {
  const added = await fetch(`${base}/cart`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ intent: 'add', variantId: '1', quantity: '1' }),
  });
  const cookie = added.headers
    .getSetCookie()
    .find((c) => c.startsWith('ch_cart='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`adding to the cart set no cart cookie (status ${added.status})`);
  return cookie;
}
