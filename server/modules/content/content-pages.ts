// The content pages as the shop first ships them, in Markdown: the owner edits them on the
// settings screen; until then, these are shown.
import type { ContentPageSlug } from '#core/contract/admin-settings.ts';

export interface ContentPageSource {
  title: string;
  intro: string;
  body: string;
}

export const DEFAULT_CONTENT_PAGES: Record<ContentPageSlug, ContentPageSource> = {
  shipping: {
    title: 'Shipping Information',
    intro: 'We deliver to all 36 states and the FCT from our Lagos store.',
    body: '## How long it takes\n\n- Lagos: 1–2 working days. Orders placed before noon on a working day often arrive the same day.\n- Abuja and other major cities: 2–4 working days. Other states: 3–7 working days.\n- We pack every order within 1–2 working days and send you the tracking number by email.\n\n## What it costs\n\n- The delivery fee for your state is shown at checkout before you pay.\n- Pay on delivery is available in Lagos and Abuja; elsewhere pay by card, bank transfer or USSD.\n\n## Tracking your order\n\n- Use the Track Order button at the top of any page with the tracking number from your email.',
  },
  returns: {
    title: 'Return Policy',
    intro: 'We want you to love your hair. If something is wrong, tell us within 7 days of delivery.',
    body: '## What can be returned\n\n- Bundles, closures and frontals that are unworn, unwashed, uncut and unaltered, with the lace uncut and in their original packaging.\n- Wigs are final sale for hygiene reasons, unless they arrive damaged or are not what you ordered.\n- Braiding hair in unopened packs.\n\n## How to return\n\n- Raise a request from the Support tab of your account (or email us) with your order number and photos.\n- Once we receive and check the item, we refund to your original payment method within 5 working days.',
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'We collect only what we need to sell and deliver your hair, and we never sell your data.',
    body: '## What we collect\n\n- Your name, email, phone number and delivery address when you order or create an account.\n- Payments are handled by our payment provider; we never see or store your card details.\n\n## How we use it\n\n- To deliver your orders, send order updates and answer your questions.\n- To send offers only if you subscribed; every newsletter has an unsubscribe link.\n\n## Your choices\n\n- You can update your details in your account, and ask us to delete your account and data at any time.\n- This policy follows the Nigeria Data Protection Act 2023.\n\n## Your account\n\n- Your password is stored only as a one-way hash; nobody at the shop can read it.\n- Signing in sets one cookie that keeps you signed in; "Remember me" keeps it after you close the browser.',
  },
  terms: {
    title: 'Terms of Sale',
    intro: 'The terms that apply when you shop with us or create an account.',
    body: '## Prices and payment\n\n- Prices are in naira and include VAT where it applies. Amounts shown in other currencies are approximate; you pay in naira.\n- An order is confirmed once payment is received, or when you choose pay on delivery where it is offered.\n\n## Delivery and returns\n\n- Delivery times and fees are set out on our Shipping Information page and shown at checkout.\n- Returns follow our Return Policy: unworn hair with the lace uncut, reported within 7 days of delivery.\n\n## Your account\n\n- Keep your password to yourself. Tell us at once if you think someone else has used your account.\n- We may suspend an account used for fraud or abuse of our staff or other shoppers.',
  },
  about: {
    title: 'About Crown Hair',
    intro: 'Premium human hair, wigs and bundles, sold from our Lagos store to every state in Nigeria.',
    body: '## Who we are\n\n- Crown Hair is a Lagos hair shop selling 100% human hair: bundles, closures, frontals, wigs and braiding hair.\n- Every piece is checked by hand before it is packed.\n\n## Talk to us\n\n- Call or WhatsApp us, or write to us: our contacts are at the foot of every page.',
  },
};
