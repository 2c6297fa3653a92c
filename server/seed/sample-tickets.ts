// The sample shop's support tickets (issue 14): a few complaints from sample customers (about
// their own orders) and from guests, in every status, some answered by the shop, so the demo's
// /admin/complaints, its sidebar counts and the customers' Support tabs look alive. Pure: the
// same orders always give the same tickets. No photos (a photo is a private file in storage).
import type { SampleOrder } from './sample-orders.ts';

export interface SampleTicket {
  reference: string;
  customerIndex: number | null;
  name: string;
  email: string;
  trackingNumber: string | null;
  subject: string;
  status: 'pending' | 'in-progress' | 'resolved';
  createdAt: Date;
  messages: { author: 'customer' | 'staff'; body: string; internal?: boolean; after: number }[];
}

const HOUR = 60 * 60 * 1000;

const STORIES: Omit<
  SampleTicket,
  'reference' | 'customerIndex' | 'name' | 'email' | 'trackingNumber' | 'createdAt'
>[] = [
  {
    subject: 'Bundles shedding after one wash',
    status: 'pending',
    messages: [
      {
        author: 'customer',
        body: 'I washed the bundles once with a sulphate-free shampoo and they are shedding a lot. Is this normal?',
        after: 0,
      },
    ],
  },
  {
    subject: 'Wrong length delivered',
    status: 'in-progress',
    messages: [
      {
        author: 'customer',
        body: 'I ordered 22 inches but the bundle I received measures 18 inches.',
        after: 0,
      },
      {
        author: 'staff',
        body: 'So sorry about this! We have checked your order and will send the 22-inch bundle this week. Please keep the 18-inch one for the courier to collect.',
        after: 5,
      },
      {
        author: 'staff',
        internal: true,
        body: 'Packing mixed up two lengths on the same day; checking the shelf labels.',
        after: 6,
      },
    ],
  },
  {
    subject: 'Charged twice for one order',
    status: 'resolved',
    messages: [
      { author: 'customer', body: 'My bank shows two debits for the same order. Please help.', after: 0 },
      {
        author: 'staff',
        body: 'Thank you for the screenshot. The second debit was a hold by your bank and has been reversed; you should see it back within 24 hours.',
        after: 3,
      },
      { author: 'customer', body: 'It is back in my account now. Thank you!', after: 30 },
    ],
  },
  {
    subject: 'When will my order arrive?',
    status: 'pending',
    messages: [
      { author: 'customer', body: 'I paid four days ago and the tracking still says confirmed.', after: 0 },
    ],
  },
  {
    subject: 'Lace is a different colour from the photos',
    status: 'in-progress',
    messages: [
      {
        author: 'customer',
        body: 'The lace on my wig is darker than in the product photos. Can I exchange it?',
        after: 0,
      },
      {
        author: 'staff',
        body: 'Lace can look different on screens, but we will happily exchange it. Please reply with a photo in daylight.',
        after: 8,
      },
    ],
  },
];

/** Five tickets: three from sample customers about orders of theirs, two from guest buyers. */
export function sampleTickets(input: {
  now: Date;
  orders: readonly SampleOrder[];
  customerName: (index: number) => string;
}): SampleTicket[] {
  const placed = input.orders.filter((o) => o.status !== 'pending_payment' && o.status !== 'payment_failed');
  const ofCustomers = placed.filter((o) => o.customerIndex !== null);
  const ofGuests = placed.filter((o) => o.customerIndex === null);
  const seen = new Set<number>();
  const picks: SampleOrder[] = [];
  for (const o of [...ofCustomers].reverse()) {
    if (picks.length === 3) break;
    if (seen.has(o.customerIndex!)) continue;
    seen.add(o.customerIndex!);
    picks.push(o);
  }
  picks.push(...[...ofGuests].reverse().slice(0, 2));
  return picks.slice(0, STORIES.length).map((order, i) => {
    const story = STORIES[i]!;
    return {
      ...story,
      reference: `T-SAMPL${i + 1}`,
      customerIndex: order.customerIndex,
      name: order.customerIndex === null ? order.shipName : input.customerName(order.customerIndex),
      email: order.email,
      trackingNumber: order.trackingNumber,
      createdAt: new Date(input.now.getTime() - (i + 1) * 29 * HOUR),
    };
  });
}
