// The sample shop's reviews (issue 14): written by sample customers about products their orders
// delivered, a week or two after the order, mostly approved and mostly happy (as real shops'
// are), a few still waiting for approval, some with the shop's reply. Deterministic: the same
// orders always give the same reviews, so the demo's product pages and admin screen look alive.
import type { SampleOrder } from './sample-orders.ts';
import { dice } from './sample-random.ts';

export interface SampleReview {
  productId: number;
  customerIndex: number;
  trackingNumber: string;
  productName: string;
  authorName: string;
  rating: number;
  comment: string;
  status: 'pending' | 'approved';
  reply: string | null;
  createdAt: Date;
}

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Exactly like the pictures. Full from top to bottom and no shedding after two weeks.',
    'The hair is so soft and the lace melted on my skin. Delivery to Lekki was fast too.',
    'My third order and still the best. I get compliments everywhere I go.',
    'Washed it twice already and the curls came back beautifully. Worth every naira.',
    'Arrived in two days in Abuja, well packaged. The texture is lovely and it blends well.',
    'Very full bundles, no smell, no tangling. I will definitely buy again.',
  ],
  4: [
    'Lovely hair, a little thinner at the ends than I expected but still very good.',
    'Good quality and the colour is rich. Delivery took a few days longer than promised.',
    'Soft and easy to style. I had to pluck the hairline a bit but it looks natural now.',
    'Nice texture and minimal shedding. The length was true to what I ordered.',
  ],
  3: [
    'The hair is okay but it tangled a bit at the nape after the first wash.',
    'Decent for the price. The lace was darker than my skin so I had to tint it.',
  ],
  2: ['Shedding more than I expected after the first week. Customer service were helpful though.'],
  1: ['The hair I received was shorter than the length I ordered. I have contacted support.'],
};

const REPLIES: Record<number, readonly string[]> = {
  5: ['Thank you so much! We are glad you love it. Enjoy your good hair days.'],
  4: ['Thank you for the kind words and the honest feedback. We are working on faster delivery.'],
  3: ['Thank you for telling us. A cold-water rinse with conditioner helps with tangling at the nape.'],
  2: ['We are sorry about this. Our team has reached out to make it right.'],
  1: ['We are very sorry. We have sent you the correct length; please check your email.'],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Adaeze Okafor" → "Adaeze O." (as the reviews service names authors). */
function authorOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? `${words[0]} ${words[words.length - 1]![0]}.` : words[0]!;
}

export function sampleReviews(input: {
  now: Date;
  orders: readonly SampleOrder[];
  customerName: (index: number) => string;
}): SampleReview[] {
  const d = dice(20_261_125);
  const seen = new Set<string>();
  const out: SampleReview[] = [];
  for (const order of input.orders) {
    if (order.status !== 'delivered' || order.customerIndex === null) continue;
    for (const line of order.lines) {
      const key = `${order.customerIndex}:${line.productId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!d.chance(0.6)) continue;
      const rating = d.weighted([5, 4, 3, 2, 1], (r) => ({ 5: 52, 4: 30, 3: 11, 2: 4, 1: 3 })[r]!);
      const createdAt = new Date(
        Math.min(order.createdAt.getTime() + d.int(5, 20) * DAY_MS, input.now.getTime() - DAY_MS),
      );
      const recent = input.now.getTime() - createdAt.getTime() < 14 * DAY_MS;
      const status = recent && d.chance(0.7) ? 'pending' : 'approved';
      out.push({
        productId: line.productId,
        customerIndex: order.customerIndex,
        trackingNumber: order.trackingNumber,
        productName: line.productName,
        authorName: authorOf(input.customerName(order.customerIndex)),
        rating,
        comment: d.pick(COMMENTS[rating]!),
        // The newest ones are still waiting for staff, who answer only what they published.
        status,
        reply: status === 'approved' && (rating <= 3 || d.chance(0.25)) ? d.pick(REPLIES[rating]!) : null,
        createdAt,
      });
    }
  }
  return out;
}
