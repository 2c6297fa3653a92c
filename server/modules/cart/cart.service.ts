// The cart: kept on the server for guests (by an HttpOnly cookie) and accounts, priced from
// today's catalogue on every view, with the promo code checked again each time.
import { productPath } from '#core/catalog.ts';
import { EmailField } from '#core/contract/account.ts';
import {
  AddToCartInput,
  ApplyPromoInput,
  type CartLine,
  type CartView,
  RemoveCartLineInput,
  SetCartQuantityInput,
} from '#core/contract/cart.ts';
import { formatPrice } from '#core/money.ts';
import { type PricingLine, priceBasket } from '#core/pricing.ts';
import { normalizeCode } from '#core/promotions.ts';
import { variantLabel } from '#core/variants.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import { OutOfStockError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  type CartKey,
  type CartLineRow,
  type CartRow,
  clearCart,
  countItems,
  countItemsOf,
  createGuestCart,
  deleteCart,
  deleteLine,
  deleteLines,
  deleteStaleGuestCarts,
  ensureUserCart,
  findCartByGuestHash,
  findCartByUser,
  findCartContents,
  findLine,
  findSellableVariant,
  listCartLines,
  putLine,
  setCartPromo,
} from './cart.repository.ts';

/** Whose cart: a signed-in account, or a guest browser (its cookie token), or nobody yet. */
export type CartOwner = { userId: number; email: string } | { guestToken: string };

export const GUEST_CART_DAYS = 30;

/** How much one order may take: stops one shopper (or script) holding the whole stock of an item. */
export interface QuantityCaps {
  maxQuantityPerLine: number;
  maxItemsPerOrder: number;
}

export const DEFAULT_QUANTITY_CAPS: QuantityCaps = { maxQuantityPerLine: 10, maxItemsPerOrder: 30 };

function perLineMessage(caps: QuantityCaps): string {
  return `You can buy up to ${caps.maxQuantityPerLine} of one item in one order. For a bigger order, please contact us.`;
}

function perOrderMessage(caps: QuantityCaps): string {
  return `One order can hold up to ${caps.maxItemsPerOrder} items. For a bigger order, please contact us.`;
}

/** Why these lines cannot be one order under the caps, or null. */
export function quantityCapProblem(
  lines: readonly { quantity: number; productName: string }[],
  caps: QuantityCaps,
): string | null {
  const tooMany = lines.find((l) => l.quantity > caps.maxQuantityPerLine);
  if (tooMany) return `${tooMany.productName}: ${perLineMessage(caps)}`;
  const total = lines.reduce((a, l) => a + l.quantity, 0);
  return total > caps.maxItemsPerOrder ? `${perOrderMessage(caps)} Your cart has ${total}.` : null;
}

function lineProblem(row: CartLineRow, caps: QuantityCaps): string | null {
  if (row.quantity > caps.maxQuantityPerLine)
    return `At most ${caps.maxQuantityPerLine} per order: please lower the quantity.`;
  if (!row.isActive) return 'No longer sold: please remove it.';
  if (row.stock <= 0) return 'Sold out: please remove it to check out.';
  if (row.quantity > row.stock) return `Only ${row.stock} left: please lower the quantity to check out.`;
  return null;
}

function lineNotice(row: CartLineRow): string | null {
  if (row.priceKobo === row.seenPriceKobo) return null;
  const direction = row.priceKobo < row.seenPriceKobo ? 'gone down' : 'gone up';
  return `The price has ${direction} from ${formatPrice(row.seenPriceKobo)} to ${formatPrice(row.priceKobo)} since you added it.`;
}

export function pricingLines(rows: readonly CartLineRow[]): PricingLine[] {
  return rows.map((r) => ({
    productId: r.productId,
    categorySlug: r.categorySlug,
    unitPriceKobo: r.priceKobo,
    quantity: r.quantity,
  }));
}

/** What checkout prices: the cart's id, today's lines (with their stock) and its promo code. */
export interface CartContents {
  cartId: number | null;
  rows: CartLineRow[];
  promoCode: string | null;
}

/**
 * The cart as this request read it, kept for the rest of the request (RequestCart.memo). A
 * refused checkout leaves here the read it was refused on (nothing in the cart changed since), so
 * the checkout page rendered after it shows that cart and its badge without reading them again
 * (ADR 045). Empty on every other request.
 */
export interface CartReadMemo {
  contents: CartContents | null;
}

const EMPTY: CartView = {
  lines: [],
  itemCount: 0,
  subtotalKobo: 0,
  discountKobo: 0,
  totalKobo: 0,
  promo: null,
  canCheckout: false,
};

type Added = { guestToken?: string; quantity: number };

export function createCartService(deps: { db: Db; promotions: PromotionsService; caps?: QuantityCaps }) {
  const { db, promotions } = deps;
  const caps = deps.caps ?? DEFAULT_QUANTITY_CAPS;

  function capError(message: string): ValidationError {
    return new ValidationError(message, { quantity: [message] });
  }

  function keyOf(owner: CartOwner): CartKey {
    return 'userId' in owner ? { userId: owner.userId } : { guestTokenHash: hashToken(owner.guestToken) };
  }

  async function findCart(q: Queryable, owner: CartOwner | null): Promise<CartRow | null> {
    if (!owner) return null;
    if ('userId' in owner) return findCartByUser(q, owner.userId);
    return findCartByGuestHash(q, hashToken(owner.guestToken));
  }

  /** The owner's cart, made on first need; a guest without a cookie gets a new token. */
  async function cartFor(owner: CartOwner | null): Promise<{ cart: CartRow; guestToken?: string }> {
    if (owner && 'userId' in owner) return { cart: await ensureUserCart(db, owner.userId) };
    const existing = await findCart(db, owner);
    if (existing) return { cart: existing };
    const { token, hash } = newToken();
    return { cart: await createGuestCart(db, hash), guestToken: token };
  }

  function customerOf(owner: CartOwner | null) {
    return owner && 'userId' in owner
      ? { userId: owner.userId, email: owner.email }
      : { userId: null, email: null };
  }

  async function buildView(
    cart: { promoCode: string | null; rows: CartLineRow[] },
    owner: CartOwner | null,
  ): Promise<CartView> {
    const { rows } = cart;
    if (rows.length === 0) return { ...EMPTY, promo: null };
    const lines = pricingLines(rows);
    let promo: CartView['promo'] = null;
    let perLine: number[] | undefined;
    if (cart.promoCode) {
      const result = await promotions.evaluate(cart.promoCode, lines, customerOf(owner));
      promo = result.ok
        ? {
            code: cart.promoCode,
            applied: true,
            message: `${cart.promoCode} applied: you save ${formatPrice(result.discountKobo)}.`,
          }
        : { code: cart.promoCode, applied: false, message: result.message };
      if (result.ok) perLine = result.perLine;
    }
    // The one pricing path (core/pricing.ts): the promo's shares per line as the promotions
    // service worked them out, summed there and nowhere else.
    const totals = priceBasket(lines, { discountPerLine: perLine });
    const viewLines: CartLine[] = rows.map((r, i) => ({
      variantId: r.variantId,
      productId: r.productId,
      productName: r.productName,
      productPath: productPath({ slug: r.productSlug, id: r.productId }),
      categorySlug: r.categorySlug,
      variantLabel: variantLabel(r.options),
      sku: r.sku,
      image: r.image,
      quantity: r.quantity,
      unitPriceKobo: r.priceKobo,
      seenPriceKobo: r.seenPriceKobo,
      stock: r.stock,
      subtotalKobo: totals.lines[i]!.subtotalKobo,
      problem: lineProblem(r, caps),
      notice: lineNotice(r),
    }));
    return {
      lines: viewLines,
      itemCount: rows.reduce((a, r) => a + r.quantity, 0),
      subtotalKobo: totals.subtotalKobo,
      discountKobo: totals.discountKobo,
      totalKobo: totals.totalKobo,
      promo,
      canCheckout: viewLines.every((l) => l.problem === null),
    };
  }

  function tooMany(stock: number, inCart = 0): OutOfStockError {
    if (stock <= 0) return new OutOfStockError('Sorry, this is sold out.');
    const left = `Sorry, only ${stock} ${stock === 1 ? 'is' : 'are'} left in stock`;
    return new OutOfStockError(inCart > 0 ? `${left}, and ${inCart} already in your cart.` : `${left}.`);
  }

  /** Adds a parsed line on top of what is there, within stock and the caps; a new guest gets a token. */
  async function addLine(owner: CartOwner | null, line: AddToCartInput): Promise<Added> {
    const { variantId, quantity } = line;
    const variant = await findSellableVariant(db, variantId);
    if (!variant)
      throw new ValidationError('This item is no longer available.', {
        variantId: ['This item is no longer available.'],
      });
    const existing = owner ? await findCart(db, owner) : null;
    const current = existing ? ((await findLine(db, existing.id, variantId))?.quantity ?? 0) : 0;
    if (current + quantity > caps.maxQuantityPerLine) {
      throw capError(
        current > 0
          ? `${perLineMessage(caps)} You already have ${current} in your cart.`
          : perLineMessage(caps),
      );
    }
    const inCart = existing ? await countItems(db, existing.id) : 0;
    if (inCart + quantity > caps.maxItemsPerOrder) {
      throw capError(`${perOrderMessage(caps)} Your cart already has ${inCart}.`);
    }
    if (current + quantity > variant.stock) throw tooMany(variant.stock, current);
    const { cart, guestToken } = await cartFor(owner);
    await putLine(db, {
      cartId: cart.id,
      variantId,
      quantity: current + quantity,
      seenPriceKobo: variant.priceKobo,
    });
    return { guestToken, quantity: current + quantity };
  }

  return {
    /** The quantity caps (for the product page's stepper). */
    caps,

    /** The cart as the cart and checkout pages show it; `memo`: what this request already read. */
    async view(owner: CartOwner | null, memo?: CartReadMemo): Promise<CartView> {
      // The cart and its lines in one statement (none when this request has read them).
      const cart = memo?.contents ?? (owner ? await findCartContents(db, keyOf(owner)) : null);
      return cart ? buildView(cart, owner) : EMPTY;
    },

    /** Units in the cart, for the header badge; `memo`: what this request already read. */
    async count(owner: CartOwner | null, memo?: CartReadMemo): Promise<number> {
      if (memo?.contents) return memo.contents.rows.reduce((n, r) => n + r.quantity, 0);
      return owner ? countItemsOf(db, keyOf(owner)) : 0;
    },

    /** The /cart form's add (its fields parsed with the contract); the JSON API calls `addLine`. */
    add: (owner: CartOwner | null, input: unknown) => addLine(owner, parseInput(AddToCartInput, input)),
    addLine,

    /** Sets a line's quantity; 0 or less removes it. Refuses more than is in stock. */
    async setQuantity(owner: CartOwner | null, input: unknown): Promise<void> {
      const { variantId, quantity } = parseInput(SetCartQuantityInput, input);
      const cart = await findCart(db, owner);
      if (!cart) return;
      if (quantity <= 0) return deleteLine(db, cart.id, variantId);
      const line = await findLine(db, cart.id, variantId);
      if (!line) return;
      if (quantity > caps.maxQuantityPerLine) throw capError(perLineMessage(caps));
      if (quantity > line.quantity) {
        const inCart = await countItems(db, cart.id);
        if (inCart - line.quantity + quantity > caps.maxItemsPerOrder) {
          throw capError(`${perOrderMessage(caps)} Your cart already has ${inCart}.`);
        }
      }
      const variant = await findSellableVariant(db, variantId);
      if (!variant) throw new ValidationError('This item is no longer available: please remove it.');
      if (quantity > variant.stock) throw tooMany(variant.stock);
      // The shopper has now seen today's price.
      await putLine(db, { cartId: cart.id, variantId, quantity, seenPriceKobo: variant.priceKobo });
    },

    async remove(owner: CartOwner | null, input: unknown): Promise<void> {
      const { variantId } = parseInput(RemoveCartLineInput, input);
      const cart = await findCart(db, owner);
      if (cart) await deleteLine(db, cart.id, variantId);
    },

    async clear(owner: CartOwner | null): Promise<void> {
      const cart = await findCart(db, owner);
      if (cart) {
        await deleteLines(db, cart.id);
        await setCartPromo(db, cart.id, null);
      }
    },

    /**
     * Applies a code; a later valid code replaces the earlier one. A refused code leaves the cart
     * as it was and says why ("Invalid promo code" when unknown).
     */
    async applyPromo(
      owner: CartOwner | null,
      input: unknown,
    ): Promise<{ code: string; discountKobo: number }> {
      const code = normalizeCode(parseInput(ApplyPromoInput, input).code);
      const cart = await findCart(db, owner);
      const rows = cart ? await listCartLines(db, cart.id) : [];
      if (!cart || rows.length === 0) {
        throw new ValidationError('Add something to your cart first.', {
          code: ['Add something to your cart first.'],
        });
      }
      const result = await promotions.evaluate(code, pricingLines(rows), customerOf(owner));
      if (!result.ok) throw new ValidationError(result.message, { code: [result.message] });
      await setCartPromo(db, cart.id, code);
      return { code, discountKobo: result.discountKobo };
    },

    async removePromo(owner: CartOwner | null): Promise<void> {
      const cart = await findCart(db, owner);
      if (cart) await setCartPromo(db, cart.id, null);
    },

    /**
     * On sign-in: moves a guest cart into the account's (quantities add up, never beyond stock)
     * and forgets the guest cart. The account keeps its own promo code, else takes the guest's.
     */
    async mergeGuestCart(guestToken: string, owner: { userId: number; email: string }): Promise<void> {
      const guest = await findCartByGuestHash(db, hashToken(guestToken));
      if (!guest) return;
      await db.transaction(async (tx) => {
        const target = await ensureUserCart(tx, owner.userId);
        for (const row of await listCartLines(tx, guest.id)) {
          const existing = (await findLine(tx, target.id, row.variantId))?.quantity ?? 0;
          const quantity = Math.min(
            existing + row.quantity,
            Math.max(row.stock, existing),
            Math.max(caps.maxQuantityPerLine, existing),
          );
          if (quantity > 0) {
            await putLine(tx, {
              cartId: target.id,
              variantId: row.variantId,
              quantity,
              seenPriceKobo: row.seenPriceKobo,
            });
          }
        }
        if (!target.promoCode && guest.promoCode) await setCartPromo(tx, target.id, guest.promoCode);
        await deleteCart(tx, guest.id);
      });
    },

    /** Empties a cart once its order went through (the promo code goes too). */
    async emptyCart(q: Queryable, cartId: number): Promise<void> {
      await clearCart(q, cartId);
    },

    /** What checkout prices: today's lines and the cart's promo code. */
    async contents(owner: CartOwner | null, q: Queryable = db): Promise<CartContents> {
      // One statement: the cart and its lines (checkout reads it before and inside its transaction).
      const found = owner ? await findCartContents(q, keyOf(owner)) : null;
      return found ?? { cartId: null, rows: [], promoCode: null };
    },

    /**
     * Checkout's first read (`contents`), and a guest's typed email kept on their cart in the same
     * statement, whatever becomes of the attempt: a cart left after a refused or abandoned
     * checkout may get its one reminder (ADR 037). Anything but a valid address, or a signed-in
     * shopper (their account's email is known), changes nothing.
     */
    async contentsForCheckout(owner: CartOwner | null, email: unknown): Promise<CartContents> {
      if (!owner) return { cartId: null, rows: [], promoCode: null };
      const parsed = 'guestToken' in owner ? EmailField.safeParse(email) : null;
      const found = await findCartContents(db, keyOf(owner), parsed?.success ? parsed.data : undefined);
      return found ?? { cartId: null, rows: [], promoCode: null };
    },

    async pruneStaleGuestCarts(): Promise<number> {
      return deleteStaleGuestCarts(db, new Date(Date.now() - GUEST_CART_DAYS * 86_400_000));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
