// The /dashboard page's markup: six tabs by ?tab= (profile, orders, support, reviews, store credit,
// settings). Every form posts to the route's action and works without JavaScript.
import { LifeBuoy, Package } from 'lucide-react';
import { Link } from 'react-router';
import { LayawayPlanPanel } from '#app/features/shared/layaway-plan-panel.tsx';
import { useRootData } from '#app/lib/store-data.ts';
import type { Profile } from '#core/contract/account.ts';
import type { StoreCreditView } from '#core/contract/credit.ts';
import type { LayawayPlanView } from '#core/contract/layaway.ts';
import type { OrderSummary } from '#core/contract/orders.ts';
import type { AwaitingReview, MyReview, ReviewableLine } from '#core/contract/reviews.ts';
import type { CustomerTicket } from '#core/contract/support.ts';
import { formatPrice } from '#core/money.ts';
import { telHref, whatsAppHref } from '#core/nigeria.ts';
import { STATUS_LABELS } from '#core/order-status.ts';
import { type DashboardTab, DashboardTabNav, EmptyState } from './dashboard-tabs.tsx';
import { ProfileForm, type ProfileOffer } from './profile-form.tsx';
import { ReviewsTab } from './reviews-tab.tsx';
import { ChangePasswordForm, NotificationsForm } from './settings-forms.tsx';
import { StoreCreditTab } from './store-credit-tab.tsx';
import { SupportTickets } from './support-tab.tsx';

const TITLES: Record<DashboardTab, string> = {
  profile: 'Profile',
  orders: 'Order History',
  support: 'Support',
  reviews: 'My Reviews',
  credit: 'Store Credit',
  settings: 'Settings',
};

/** What the dashboard's action answers; `intent` says which form it belongs to. */
export interface DashboardAnswer {
  ok: boolean;
  intent?: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

/** The /dashboard page: the greeting, the tab list and the chosen tab. */
export function DashboardPage({
  tab,
  profile,
  profileOffer = null,
  orders,
  reviewableLines = [],
  reviews,
  support,
  promotionsPending = false,
  credit = null,
  actionData,
  plans = {},
}: {
  /** Orders tab: the Pay small-small plans of these orders, by tracking number (ADR 099). */
  plans?: Record<string, LayawayPlanView>;
  tab: DashboardTab;
  /** The newsletter waits for the shopper to confirm from their inbox (settings tab). */
  promotionsPending?: boolean;
  profile: Profile;
  /** Profile tab: the latest order's phone and address, offered where the profile has none. */
  profileOffer?: ProfileOffer | null;
  /** Loaded only for the orders tab. */
  orders: OrderSummary[];
  /** Loaded only for the orders tab: delivered lines, each with "Leave Review" or "Edit your review". */
  reviewableLines?: ReviewableLine[];
  /** Loaded only for the reviews tab; `focusProductId` is ?product=. */
  reviews: { mine: MyReview[]; awaiting: AwaitingReview[]; focusProductId: number | null } | null;
  /** Loaded only for the support tab. */
  support?: {
    tickets: CustomerTicket[];
    orders: { trackingNumber: string; createdAt: string }[];
  } | null;
  /** Loaded only for the store credit tab (ADR 100). */
  credit?: StoreCreditView | null;
  actionData: DashboardAnswer | undefined;
}) {
  const answerFor = (
    intent: 'profile' | 'notifications' | 'password' | 'review' | 'ticket' | 'ticket-message',
  ) => (actionData?.intent === intent ? actionData : null);
  return (
    <section className="container-shop py-8 sm:py-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-plum-700">My Account</p>
        <h1 className="mt-1 font-display text-3xl font-semibold">Hello, {profile.name.split(' ')[0]}</h1>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[220px_1fr]">
        <DashboardTabNav current={tab} />
        <div className="min-w-0">
          <h2 className="mb-5 text-2xl font-semibold">{TITLES[tab]}</h2>
          {tab === 'profile' ? (
            <ProfileForm profile={profile} offer={profileOffer} answer={answerFor('profile')} />
          ) : null}
          {tab === 'orders' ? (
            <OrdersTab orders={orders} reviewableLines={reviewableLines} plans={plans} />
          ) : null}
          {tab === 'support' && support ? (
            <SupportTickets
              tickets={support.tickets}
              orders={support.orders}
              newAnswer={answerFor('ticket')}
              messageAnswer={answerFor('ticket-message')}
              contacts={<SupportTab />}
            />
          ) : null}
          {tab === 'reviews' && reviews ? (
            <ReviewsTab
              mine={reviews.mine}
              awaiting={reviews.awaiting}
              focusProductId={reviews.focusProductId}
              answer={answerFor('review')}
            />
          ) : null}
          {tab === 'credit' && credit ? <StoreCreditTab credit={credit} /> : null}
          {tab === 'settings' ? (
            <div className="space-y-10">
              <NotificationsForm
                profile={profile}
                promotionsPending={promotionsPending}
                answer={answerFor('notifications')}
              />
              <ChangePasswordForm answer={answerFor('password')} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Where a delivered line's button leads: the review form for that product, open and in view. */
export function reviewFormPath(productId: number): string {
  return `/dashboard?tab=reviews&product=${productId}#review-product-${productId}`;
}

function OrdersTab({
  orders,
  reviewableLines,
  plans,
}: {
  orders: OrderSummary[];
  reviewableLines: ReviewableLine[];
  plans: Record<string, LayawayPlanView>;
}) {
  if (orders.length === 0) {
    return (
      <EmptyState icon={Package} title="No orders yet">
        <p>When you order, each one appears here with its status, and you can track it to your door.</p>
        <p>
          <Link to="/collections" className="btn-primary">
            Start Shopping
          </Link>
        </p>
        <p>
          Ordered as a guest?{' '}
          <Link to="/track-order" className="font-semibold text-plum-800 underline">
            Track it with your tracking number
          </Link>
          .
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Your orders">
      {orders.map((o) => (
        <li key={o.trackingNumber} className="rounded-2xl bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-mono font-semibold">{o.trackingNumber}</p>
              <p className="text-sm text-muted">{orderDate.format(new Date(o.createdAt))}</p>
            </div>
            <span className="rounded-full bg-plum-50 px-3 py-1 text-xs font-bold uppercase tracking-wide text-plum-800">
              {STATUS_LABELS[o.status]}
            </span>
          </div>
          <p className="mt-3 text-sm">
            {o.itemNames.join(', ')} · {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
          </p>
          <p className="mt-1 font-semibold">{formatPrice(o.totalKobo)}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={`/track-order?id=${o.trackingNumber}#items`} className="btn-outline">
              View Details
            </Link>
            <Link to={`/track-order?id=${o.trackingNumber}`} className="btn-outline">
              Track Order
            </Link>
            {o.paid ? (
              <a href={`/track-order/${o.trackingNumber}/receipt`} className="btn-outline">
                Receipt
              </a>
            ) : null}
          </div>
          {plans[o.trackingNumber] ? (
            <LayawayPlanPanel trackingNumber={o.trackingNumber} plan={plans[o.trackingNumber]!} />
          ) : null}
          {o.status === 'delivered' ? (
            <DeliveredLines lines={reviewableLines.filter((l) => l.trackingNumber === o.trackingNumber)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A delivered order's products, each with "Leave Review" (or "Edit your review" once written). */
function DeliveredLines({ lines }: { lines: ReviewableLine[] }) {
  const unique = lines.filter((l, i) => lines.findIndex((m) => m.productId === l.productId) === i);
  if (unique.length === 0) return null;
  return (
    <ul className="mt-4 divide-y divide-ink/10 border-t border-ink/10" aria-label="Products in this order">
      {unique.map((line) => (
        <li key={line.productId} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <span className="text-sm font-medium">{line.productName}</span>
          <Link
            to={reviewFormPath(line.productId)}
            className={line.reviewed ? 'btn-outline' : 'btn-primary'}
            aria-label={`${line.reviewed ? 'Edit your review' : 'Leave Review'}: ${line.productName}`}
          >
            {line.reviewed ? 'Edit your review' : 'Leave Review'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const orderDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

function SupportTab() {
  const store = useRootData()?.store;
  return (
    <EmptyState icon={LifeBuoy} title="No complaints raised">
      <p>
        If something is wrong with an order, we want to hear about it. Your conversations with us will appear
        here.
      </p>
      {store ? (
        <ul className="space-y-1">
          <li>
            Email:{' '}
            <a href={`mailto:${store.email}`} className="font-semibold text-plum-800 underline">
              {store.email}
            </a>
          </li>
          <li>
            Phone:{' '}
            <a href={telHref(store.phone)} className="font-semibold text-plum-800 underline">
              {store.phone}
            </a>
          </li>
          <li>
            <a href={whatsAppHref(store.whatsapp)} className="font-semibold text-plum-800 underline">
              Chat with us on WhatsApp
            </a>
          </li>
        </ul>
      ) : null}
    </EmptyState>
  );
}
