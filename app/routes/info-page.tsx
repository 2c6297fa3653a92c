// /pages/shipping, /pages/returns, /pages/privacy, /pages/terms: the customer-care pages.
import { data, Link } from 'react-router';
import type { Route } from './+types/info-page';

interface InfoPage {
  title: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

const PAGES: Record<string, InfoPage> = {
  shipping: {
    title: 'Shipping Information',
    intro: 'We deliver to all 36 states and the FCT from our Lagos store.',
    sections: [
      {
        heading: 'How long it takes',
        body: [
          'Lagos: 1–2 working days. Orders placed before noon on a working day often arrive the same day.',
          'Abuja and other major cities: 2–4 working days. Other states: 3–7 working days.',
          'We pack every order within 1–2 working days and send you the tracking number by email.',
        ],
      },
      {
        heading: 'What it costs',
        body: [
          'The delivery fee for your state is shown at checkout before you pay.',
          'Pay on delivery is available in Lagos and Abuja; elsewhere pay by card, bank transfer or USSD.',
        ],
      },
      {
        heading: 'Tracking your order',
        body: ['Use the Track Order button at the top of any page with the tracking number from your email.'],
      },
    ],
  },
  returns: {
    title: 'Return Policy',
    intro: 'We want you to love your hair. If something is wrong, tell us within 7 days of delivery.',
    sections: [
      {
        heading: 'What can be returned',
        body: [
          'Bundles, closures and frontals that are unworn, unwashed, uncut and unaltered, with the lace uncut and in their original packaging.',
          'Wigs are final sale for hygiene reasons, unless they arrive damaged or are not what you ordered.',
          'Braiding hair in unopened packs.',
        ],
      },
      {
        heading: 'How to return',
        body: [
          'Raise a request from the Support tab of your account (or email us) with your order number and photos.',
          'Once we receive and check the item, we refund to your original payment method within 5 working days.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'We collect only what we need to sell and deliver your hair, and we never sell your data.',
    sections: [
      {
        heading: 'What we collect',
        body: [
          'Your name, email, phone number and delivery address when you order or create an account.',
          'Payments are handled by our payment provider; we never see or store your card details.',
        ],
      },
      {
        heading: 'How we use it',
        body: [
          'To deliver your orders, send order updates and answer your questions.',
          'To send offers only if you subscribed; every newsletter has an unsubscribe link.',
        ],
      },
      {
        heading: 'Your choices',
        body: [
          'You can update your details in your account, and ask us to delete your account and data at any time.',
          'This policy follows the Nigeria Data Protection Act 2023.',
        ],
      },
      {
        heading: 'Your account',
        body: [
          'Your password is stored only as a one-way hash; nobody at the shop can read it.',
          'Signing in sets one cookie that keeps you signed in; "Remember me" keeps it after you close the browser.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Sale',
    intro: 'The terms that apply when you shop with us or create an account.',
    sections: [
      {
        heading: 'Prices and payment',
        body: [
          'Prices are in naira and include VAT where it applies. Amounts shown in other currencies are approximate; you pay in naira.',
          'An order is confirmed once payment is received, or when you choose pay on delivery where it is offered.',
        ],
      },
      {
        heading: 'Delivery and returns',
        body: [
          'Delivery times and fees are set out on our Shipping Information page and shown at checkout.',
          'Returns follow our Return Policy: unworn hair with the lace uncut, reported within 7 days of delivery.',
        ],
      },
      {
        heading: 'Your account',
        body: [
          'Keep your password to yourself. Tell us at once if you think someone else has used your account.',
          'We may suspend an account used for fraud or abuse of our staff or other shoppers.',
        ],
      },
    ],
  },
};

export function loader({ params, context }: Route.LoaderArgs) {
  const page = PAGES[params.slug];
  if (!page) {
    context.log.warn({ path: `/pages/${params.slug}` }, 'page not found');
    return data({ page: null }, { status: 404 });
  }
  return { page };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return page
    ? [{ title: `${page.title} | Crown Hair` }, { name: 'description', content: page.intro }]
    : [{ title: 'Page not found | Crown Hair' }];
}

export default function InfoPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <section className="container-shop py-24 text-center">
        <h1 className="font-display text-3xl font-semibold">Oops! Page not found</h1>
        <Link to="/" className="btn-primary mt-8">
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <article className="container-shop max-w-3xl py-12">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{page.title}</h1>
      <p className="mt-3 text-lg text-muted">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="font-display text-xl font-semibold">{section.heading}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            {section.body.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
