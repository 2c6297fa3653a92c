// The sample shop's orders: a year of trade for the admin screens to show. Pure: from the seeded
// variants, the sample customers and the moment of seeding it draws the same orders every time.
//
// Each order is what the real services would have left behind: totals from priceBasket, a
// status history that walks ORDER_TRANSITIONS (with the payment provider's own steps), a payment
// row per order, paid-at stamps where money arrived, holds only on orders still waiting (and
// still inside their hold, so the expiry sweep does not end them at start), and ended orders
// marked as having put their stock back. Stock itself is left as the catalogue says: it is what
// is on the shelf now, after these orders took theirs.
import type { OrderStatus, PaymentMethod } from '#core/order-status.ts';
import { type PricingLine, priceBasket } from '#core/pricing.ts';
import { variantLabel } from '#core/variants.ts';
import { SAMPLE_EMAIL_DOMAIN, SAMPLE_PLACES, type SampleAddress, samplePerson } from './sample-customers.ts';
import { type Dice, dice } from './sample-random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the default hold times are (server/env.ts): open orders are seeded inside them. */
const HOLD = { online: 30 * MINUTE, bankTransfer: 48 * HOUR, payOnDelivery: 48 * HOUR };

/** How many orders end in each status: every status, most of them delivered. */
export const SAMPLE_ORDER_PLAN: Readonly<Record<OrderStatus, number>> = {
  delivered: 196,
  cancelled: 20,
  payment_failed: 10,
  shipped: 8,
  packaged: 6,
  confirmed: 6,
  placed: 8,
  awaiting_transfer: 4,
  pending_payment: 2,
  // No sample plans yet (ADR 099): the sample shop's layaway orders are the shoppers' own.
  on_layaway: 0,
};

/** Where pay on delivery is offered (reference.ts): such orders are delivered there. */
const POD_STATES: readonly string[] = ['Lagos', 'FCT (Abuja)'];

export interface SampleVariant {
  id: number;
  productId: number;
  productName: string;
  categorySlug: string;
  sku: string;
  options: Record<string, string>;
  priceKobo: number;
  imageId: string | null;
  /** The product's sales count: best sellers turn up in more baskets. */
  sales: number;
}

/** A sample promo code the orders may use (only when the sample codes are loaded). */
export interface SamplePromo {
  id: number;
  code: string;
  percent: number;
}

/** Who may place an order: a sample customer (by index) who had joined by then. */
export interface SampleBuyer {
  index: number;
  name: string;
  email: string;
  phone: string;
  address: SampleAddress;
  createdAt: Date;
}

export interface SampleOrder {
  idempotencyKey: string;
  trackingNumber: string;
  /** The sample customer's index, or null for a guest. */
  customerIndex: number | null;
  email: string;
  phone: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  promoCode: string | null;
  discountId: number | null;
  shipName: string;
  shipPhone: string;
  shipState: string;
  shipCity: string;
  shipStreet: string;
  shipLandmark: string | null;
  reservedUntil: Date | null;
  stockReleasedAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lines: {
    productId: number;
    variantId: number;
    productName: string;
    variantLabel: string;
    sku: string;
    imageId: string | null;
    unitPriceKobo: number;
    quantity: number;
    discountKobo: number;
    totalKobo: number;
  }[];
  history: { status: OrderStatus; note: string; createdAt: Date }[];
  payment: {
    provider: 'sandbox' | 'bank_transfer' | 'pay_on_delivery';
    reference: string;
    amountKobo: number;
    status: 'initialized' | 'pending' | 'success' | 'failed' | 'abandoned';
    channel: string | null;
    providerTransactionId: string | null;
    message: string | null;
    paidAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
  };
  /** The promo use is still taken (a redemption row), i.e. the order did not end. */
  redeemed: boolean;
}

type Step = { status: OrderStatus; note: string; after: number };

/** How an order ends up in its status: the method and the steps after the first. */
interface Story {
  method: PaymentMethod;
  /** How long ago it was placed (ms). */
  age: number;
  steps: Step[];
  /** Which step's time is the payment's (index into the full history), or null if unpaid. */
  paidAtStep: number | null;
  paymentEnd: 'success' | 'failed' | 'abandoned' | 'open';
}

const SHIPPED_NOTES = ['Sent with GIG Logistics.', 'Out with our Lagos rider.', 'Sent with DHL.', ''];
const DELIVERED_NOTES = ['', 'Received by the customer.', ''];

/** The staff steps from `from` (exclusive) to `to` (inclusive), with realistic gaps. */
function staffSteps(d: Dice, from: OrderStatus, to: OrderStatus, method: PaymentMethod): Step[] {
  const chain: OrderStatus[] = ['placed', 'confirmed', 'packaged', 'shipped', 'delivered'];
  const start = chain.indexOf(from);
  const end = chain.indexOf(to);
  const steps: Step[] = [];
  for (let i = start + 1; i <= end; i++) {
    const status = chain[i]!;
    if (status === 'confirmed')
      steps.push({
        status,
        note: d.pick(['', 'Called the customer to confirm.']),
        after: d.int(1, 20) * HOUR,
      });
    if (status === 'packaged') steps.push({ status, note: '', after: d.int(4, 30) * HOUR });
    if (status === 'shipped') steps.push({ status, note: d.pick(SHIPPED_NOTES), after: d.int(4, 30) * HOUR });
    if (status === 'delivered')
      steps.push({
        status,
        note: method === 'pay_on_delivery' ? 'Cash collected on delivery.' : d.pick(DELIVERED_NOTES),
        after: d.int(20, 96) * HOUR,
      });
  }
  return steps;
}

/** Older orders thin out: the shop has grown over the year. */
function pastAge(d: Dice, minDays: number, maxDays: number): number {
  const u = d.int(0, 10_000) / 10_000;
  return (minDays + (maxDays - minDays) * u ** 1.4) * DAY + d.int(0, 86_399) * 1000;
}

function storyFor(d: Dice, target: OrderStatus, nth: number, podHere: boolean): Story {
  const anyMethod = (): PaymentMethod =>
    podHere
      ? d.weighted(['online', 'bank_transfer', 'pay_on_delivery'] as const, (m) => (m === 'online' ? 50 : 25))
      : d.weighted(['online', 'bank_transfer'] as const, (m) => (m === 'online' ? 65 : 35));
  /** The first steps that put an order in: paid online, a transfer received, or pay on delivery. */
  const placedBy = (method: PaymentMethod, then: OrderStatus): Pick<Story, 'steps' | 'paidAtStep'> => {
    if (method === 'online') {
      const rest = staffSteps(d, 'placed', then, method);
      return {
        steps: [{ status: 'placed', note: 'Paid in the sandbox', after: d.int(1, 12) * MINUTE }, ...rest],
        paidAtStep: 1,
      };
    }
    if (method === 'bank_transfer') {
      const rest = staffSteps(d, 'confirmed', then, method);
      return {
        steps: [{ status: 'confirmed', note: 'Transfer received.', after: d.int(1, 20) * HOUR }, ...rest],
        paidAtStep: 1,
      };
    }
    const rest = staffSteps(d, 'placed', then, method);
    return { steps: rest, paidAtStep: then === 'delivered' ? rest.length : null };
  };

  switch (target) {
    case 'on_layaway':
      throw new Error('The sample shop seeds no layaway plans (ADR 099).');
    case 'pending_payment':
      return {
        method: 'online',
        age: d.int(1, 20) * MINUTE,
        steps: [],
        paidAtStep: null,
        paymentEnd: 'open',
      };
    case 'awaiting_transfer':
      return {
        method: 'bank_transfer',
        age: d.int(1, 40) * HOUR,
        steps: [],
        paidAtStep: null,
        paymentEnd: 'open',
      };
    case 'placed': {
      // Half paid online a few hours ago, half pay-on-delivery orders staff have not confirmed yet.
      const method: PaymentMethod = nth % 2 === 0 && podHere ? 'pay_on_delivery' : 'online';
      return {
        method,
        age: d.int(1, 36) * HOUR,
        ...placedBy(method, 'placed'),
        paymentEnd: method === 'online' ? 'success' : 'open',
      };
    }
    case 'confirmed':
    case 'packaged':
    case 'shipped': {
      const method = anyMethod();
      const hours = { confirmed: [6, 48], packaged: [24, 96], shipped: [48, 168] }[target];
      return {
        method,
        age: d.int(hours[0]!, hours[1]!) * HOUR,
        ...placedBy(method, target),
        paymentEnd: method === 'pay_on_delivery' ? 'open' : 'success',
      };
    }
    case 'delivered': {
      const method = anyMethod();
      return { method, age: pastAge(d, 6, 362), ...placedBy(method, 'delivered'), paymentEnd: 'success' };
    }
    case 'payment_failed': {
      const declined = nth % 2 === 0;
      return {
        method: 'online',
        age: pastAge(d, 0.5, 362),
        steps: [
          {
            status: 'payment_failed',
            note: declined
              ? 'The payment was declined. Nothing was charged.'
              : 'The payment did not arrive within the time allowed, so the items went back on sale.',
            after: declined ? d.int(1, 10) * MINUTE : HOLD.online,
          },
        ],
        paidAtStep: null,
        paymentEnd: declined ? 'failed' : 'abandoned',
      };
    }
    case 'cancelled': {
      const age = pastAge(d, 3, 362);
      // Four ways an order is cancelled, in turn (pay-on-delivery ones only where it is offered).
      const reason = podHere ? nth % 4 : [0, 1][nth % 2]!;
      if (reason === 0)
        return {
          method: 'bank_transfer',
          age,
          steps: [
            {
              status: 'cancelled',
              note: 'The bank transfer did not arrive in time, so the items went back on sale.',
              after: HOLD.bankTransfer,
            },
          ],
          paidAtStep: null,
          paymentEnd: 'abandoned',
        };
      if (reason === 1) {
        // Paid, then cancelled at the customer's request: the money went back (a refund).
        const paid = placedBy('online', d.pick(['placed', 'confirmed'] as const));
        return {
          method: 'online',
          age,
          steps: [
            ...paid.steps,
            {
              status: 'cancelled',
              note: "Cancelled at the customer's request; the payment was refunded.",
              after: d.int(2, 30) * HOUR,
            },
          ],
          paidAtStep: paid.paidAtStep,
          paymentEnd: 'success',
        };
      }
      if (reason === 2) {
        const sent = staffSteps(d, 'placed', 'shipped', 'pay_on_delivery');
        return {
          method: 'pay_on_delivery',
          age,
          steps: [
            ...sent,
            {
              status: 'cancelled',
              note: 'The customer refused the parcel at the door; the items are back on the shelf.',
              after: d.int(20, 72) * HOUR,
            },
          ],
          paidAtStep: null,
          paymentEnd: 'abandoned',
        };
      }
      return {
        method: 'pay_on_delivery',
        age,
        steps: [
          {
            status: 'cancelled',
            note: 'We could not confirm this pay-on-delivery order in time, so the items went back on sale. Please order again if you still want them.',
            after: HOLD.payOnDelivery,
          },
        ],
        paidAtStep: null,
        paymentEnd: 'abandoned',
      };
    }
  }
}

const FIRST_STEP: Record<PaymentMethod, { status: OrderStatus; note: string }> = {
  online: { status: 'pending_payment', note: 'Waiting for payment.' },
  bank_transfer: { status: 'awaiting_transfer', note: 'Waiting for the bank transfer.' },
  pay_on_delivery: { status: 'placed', note: 'Pay on delivery.' },
  layaway: { status: 'pending_payment', note: 'Pay small-small: waiting for payment of the deposit.' },
};

/** A basket of 1–3 different variants, best sellers more often, in the quantities people buy. */
function basket(
  d: Dice,
  byProduct: ReadonlyMap<number, readonly SampleVariant[]>,
): { variant: SampleVariant; quantity: number }[] {
  const size = d.weighted([1, 2, 3], (n) => (n === 1 ? 55 : n === 2 ? 30 : 15));
  const products = [...byProduct.keys()];
  const chosen = new Set<number>();
  const lines: { variant: SampleVariant; quantity: number }[] = [];
  while (lines.length < Math.min(size, products.length)) {
    const productId = d.weighted(products, (id) => (chosen.has(id) ? 0 : 10 + byProduct.get(id)![0]!.sales));
    chosen.add(productId);
    const variant = d.pick(byProduct.get(productId)!);
    const quantity =
      variant.categorySlug === 'braiding-hair'
        ? d.int(2, 6)
        : variant.categorySlug === 'bundles'
          ? d.weighted([1, 2, 3, 4], (n) => (n === 3 ? 4 : 2))
          : d.chance(0.1)
            ? 2
            : 1;
    lines.push({ variant, quantity });
  }
  return lines;
}

/**
 * The sample orders, oldest first. `buyers` are the sample customers in the order of
 * sampleCustomers(); `promos` the sample codes if loaded (SAVE10, SAVE20), else none.
 */
export function sampleOrders(input: {
  now: Date;
  variants: readonly SampleVariant[];
  buyers: readonly SampleBuyer[];
  promos: readonly SamplePromo[];
}): SampleOrder[] {
  const { now, variants, buyers, promos } = input;
  if (variants.length === 0) return [];
  const d = dice(2_026_002);
  const guests = dice(2_026_003);
  const plan = Object.entries(SAMPLE_ORDER_PLAN).flatMap(([status, n]) =>
    Array.from({ length: n }, (_, nth) => ({ target: status as OrderStatus, nth })),
  );
  const byProduct = new Map<number, SampleVariant[]>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  const trackingNumbers = new Set<string>();
  const drafts = plan.map(({ target, nth }, i) => {
    // Who: mostly customers, some guests; a pay-on-delivery story needs a Lagos or Abuja address.
    const guest = samplePerson(guests, i + 7);
    const wantsPod = (target === 'placed' && nth % 2 === 0) || (target === 'cancelled' && nth % 4 >= 2);
    const story = storyFor(d, target, nth, wantsPod || d.chance(0.5));
    const createdAt = new Date(now.getTime() - story.age);
    const eligible = buyers.filter(
      (b) =>
        b.createdAt < createdAt &&
        (story.method !== 'pay_on_delivery' || POD_STATES.includes(b.address.state)),
    );
    const buyer =
      eligible.length > 0 && d.chance(0.82) ? d.weighted(eligible, (b) => (b.index % 4 === 0 ? 5 : 1)) : null;
    const podPlace = SAMPLE_PLACES[0]!;
    const address: SampleAddress = buyer
      ? buyer.address
      : story.method === 'pay_on_delivery' && !POD_STATES.includes(guest.address.state)
        ? { ...guest.address, state: podPlace.state, city: podPlace.cities[0]! }
        : guest.address;
    const email = buyer?.email ?? `${guest.emailLocal}.${i + 1}@${SAMPLE_EMAIL_DOMAIN}`;
    const phone = buyer?.phone ?? guest.phone;
    const name = buyer?.name ?? guest.name;

    // What: a basket priced by priceBasket, with a sample promo code now and then.
    const items = basket(d, byProduct);
    const pricing: PricingLine[] = items.map(({ variant, quantity }) => ({
      productId: variant.productId,
      categorySlug: variant.categorySlug,
      unitPriceKobo: variant.priceKobo,
      quantity,
    }));
    const promo = promos.length > 0 && d.chance(0.12) ? d.pick(promos) : null;
    const totals = priceBasket(pricing, {
      discount: promo
        ? { type: 'percentage', value: promo.percent, scope: 'global', categorySlugs: [], productIds: [] }
        : null,
      deliveryFeeKobo: 0,
    });

    // When: the first status at placing, each step after its gap (squeezed to end before now).
    const first = FIRST_STEP[story.method];
    const gaps = story.steps.map((s) => s.after);
    const span = gaps.reduce((a, b) => a + b, 0);
    const room = now.getTime() - MINUTE - createdAt.getTime();
    const squeeze = span > room ? Math.max(0, room) / span : 1;
    let at = createdAt.getTime();
    const history = [
      { status: first.status, note: first.note, createdAt },
      ...story.steps.map((s) => {
        at += Math.round(s.after * squeeze);
        return { status: s.status, note: s.note, createdAt: new Date(at) };
      }),
    ];
    const last = history[history.length - 1]!;
    const ended = target === 'cancelled' || target === 'payment_failed';
    const paidAt = story.paidAtStep === null ? null : history[story.paidAtStep]!.createdAt;
    const waitingHold =
      target === 'pending_payment'
        ? HOLD.online
        : target === 'awaiting_transfer'
          ? HOLD.bankTransfer
          : target === 'placed' && story.method === 'pay_on_delivery'
            ? HOLD.payOnDelivery
            : null;

    let trackingNumber: string;
    do trackingNumber = `CH${d.digits(12)}`;
    while (trackingNumbers.has(trackingNumber));
    trackingNumbers.add(trackingNumber);

    const provider =
      story.method === 'online' ? 'sandbox' : (story.method as 'bank_transfer' | 'pay_on_delivery');
    const reference =
      story.method === 'online'
        ? `${trackingNumber}-${d.int(0, 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}`
        : `${trackingNumber}-${story.method === 'bank_transfer' ? 'BT' : 'POD'}`;
    const paymentStatus: SampleOrder['payment']['status'] =
      story.paymentEnd === 'open'
        ? story.method === 'online'
          ? 'initialized'
          : 'pending'
        : story.paymentEnd;
    const online = story.method === 'online';

    const order: SampleOrder = {
      idempotencyKey: `sample-order-${i + 1}`,
      trackingNumber,
      customerIndex: buyer?.index ?? null,
      email,
      phone,
      status: target,
      paymentMethod: story.method,
      subtotalKobo: totals.subtotalKobo,
      discountKobo: totals.discountKobo,
      deliveryFeeKobo: totals.deliveryFeeKobo,
      totalKobo: totals.totalKobo,
      promoCode: promo?.code ?? null,
      discountId: promo?.id ?? null,
      shipName: name,
      shipPhone: phone,
      shipState: address.state,
      shipCity: address.city,
      shipStreet: address.street,
      shipLandmark: address.landmark,
      reservedUntil: waitingHold === null ? null : new Date(createdAt.getTime() + waitingHold),
      stockReleasedAt: ended ? last.createdAt : null,
      paidAt,
      createdAt,
      updatedAt: last.createdAt,
      lines: items.map(({ variant, quantity }, n) => ({
        productId: variant.productId,
        variantId: variant.id,
        productName: variant.productName,
        variantLabel: variantLabel(variant.options),
        sku: variant.sku,
        imageId: variant.imageId,
        unitPriceKobo: variant.priceKobo,
        quantity,
        discountKobo: totals.lines[n]!.discountKobo,
        totalKobo: totals.lines[n]!.totalKobo,
      })),
      history,
      payment: {
        provider,
        reference,
        amountKobo: totals.totalKobo,
        status: paymentStatus,
        channel:
          online && paymentStatus === 'success'
            ? d.pick(['card', 'card', 'bank', 'ussd', 'bank_transfer'])
            : null,
        providerTransactionId: online && paymentStatus !== 'initialized' ? `sandbox-${reference}` : null,
        message:
          !online || paymentStatus === 'initialized'
            ? null
            : paymentStatus === 'success'
              ? 'Approved (sandbox)'
              : paymentStatus === 'failed'
                ? 'Declined (sandbox)'
                : 'Cancelled by the shopper (sandbox)',
        paidAt: paymentStatus === 'success' ? paidAt : null,
        createdAt,
        updatedAt: paidAt ?? last.createdAt,
      },
      redeemed: promo !== null && !ended,
    };
    return order;
  });
  return drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
