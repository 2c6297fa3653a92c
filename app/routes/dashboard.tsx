// /dashboard: the shopper's account. Five tabs by ?tab= (profile, orders, support, reviews,
// settings; ?tab=complaints opens Support). Every form posts here and works without JavaScript.
import { LifeBuoy, Package, Star } from 'lucide-react';
import { data, Link } from 'react-router';
import {
  type DashboardTab,
  DashboardTabNav,
  dashboardTab,
  EmptyState,
} from '#app/features/account/dashboard-tabs.tsx';
import { ProfileForm } from '#app/features/account/profile-form.tsx';
import { ChangePasswordForm, NotificationsForm } from '#app/features/account/settings-forms.tsx';
import { useRootData } from '#app/features/layout/store-data.ts';
import { requireUser } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import type { OrderSummary } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';
import { STATUS_LABELS } from '#core/order-status.ts';
import type { Route } from './+types/dashboard';

type Intent = 'profile' | 'notifications' | 'password';
const INTENTS: readonly Intent[] = ['profile', 'notifications', 'password'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const tab = dashboardTab(new URL(request.url).searchParams.get('tab'));
  const [profile, orders] = await Promise.all([
    context.services.profiles.getProfile(user.id),
    tab === 'orders' ? context.services.orders.listForCustomer(user) : Promise.resolve([]),
  ]);
  return { tab, profile, orders };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent'));
  const values = formValues(form);
  const { profiles, accounts } = context.services;
  try {
    if (intent === 'profile' || intent === 'notifications') {
      await context.services.limits.enforce('profile', context);
    }
    switch (intent) {
      case 'profile':
        await profiles.updateProfile(user.id, values);
        return { ok: true as const, intent, message: 'Your profile has been updated.' };
      case 'notifications':
        await profiles.updateNotifications(user.id, values);
        return { ok: true as const, intent, message: 'Your email preferences have been saved.' };
      case 'password': {
        const current = await context.auth.getSession();
        if (!current)
          return {
            ok: false as const,
            intent,
            message: 'Please sign in again.',
            fieldErrors: {},
            values: {},
          };
        const session = await accounts.changePassword(current, values, context.auth.client);
        context.log.info({ userId: user.id }, 'password changed; other sessions ended');
        return data(
          {
            ok: true as const,
            intent,
            message: 'Your password has been changed. You have been signed out on every other device.',
          },
          { headers: { 'set-cookie': context.auth.sessionCookie(session) } },
        );
      }
      default:
        return data(
          {
            ok: false as const,
            intent: 'profile' as const,
            message: 'Please use one of the forms on this page.',
            fieldErrors: {},
            values: {},
          },
          { status: 400 },
        );
    }
  } catch (error) {
    const failure = formFailure(error, values);
    if (failure) return data({ ...failure.data, intent }, failure.init ?? undefined);
    throw error;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'My Account | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

const TITLES: Record<DashboardTab, string> = {
  profile: 'Profile',
  orders: 'Order History',
  support: 'Support',
  reviews: 'My Reviews',
  settings: 'Settings',
};

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, tab } = loaderData;
  const answerFor = (intent: Intent) => (actionData?.intent === intent ? actionData : null);
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
          {tab === 'profile' ? <ProfileForm profile={profile} answer={answerFor('profile')} /> : null}
          {tab === 'orders' ? <OrdersTab orders={loaderData.orders} /> : null}
          {tab === 'support' ? <SupportTab /> : null}
          {tab === 'reviews' ? <ReviewsTab /> : null}
          {tab === 'settings' ? (
            <div className="space-y-10">
              <NotificationsForm profile={profile} answer={answerFor('notifications')} />
              <ChangePasswordForm answer={answerFor('password')} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function OrdersTab({ orders }: { orders: OrderSummary[] }) {
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
    <ul className="space-y-4" data-testid="order-history">
      {orders.map((o) => (
        <li key={o.trackingNumber} className="rounded-2xl bg-white p-5 shadow-sm" data-testid="order-row">
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
            {o.status === 'delivered' ? (
              <Link to="/dashboard?tab=reviews" className="btn-primary">
                Leave Review
              </Link>
            ) : null}
          </div>
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
            <a
              href={`tel:${store.phone.replace(/\s/g, '')}`}
              className="font-semibold text-plum-800 underline"
            >
              {store.phone}
            </a>
          </li>
          <li>
            <a href={`https://wa.me/${store.whatsapp}`} className="font-semibold text-plum-800 underline">
              Chat with us on WhatsApp
            </a>
          </li>
        </ul>
      ) : null}
    </EmptyState>
  );
}

function ReviewsTab() {
  return (
    <EmptyState icon={Star} title="No reviews yet">
      <p>Once an order is delivered you can rate the hair and tell other shoppers what you think.</p>
    </EmptyState>
  );
}
