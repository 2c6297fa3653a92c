// /dashboard: the shopper's account. Five tabs by ?tab= (profile, orders, support, reviews,
// settings; ?tab=complaints opens Support). Every form posts here and works without JavaScript.
import { data } from 'react-router';
import { DashboardPage } from '#app/features/account/dashboard-page.tsx';
import { dashboardTab } from '#app/features/account/dashboard-tabs.tsx';
import { requireUser } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { supportPhotoOf } from '#app/lib/support-photo.server.ts';
import { photoFilesOf } from '#app/lib/uploads.server.ts';
import { REVIEW_PHOTO_FILES_FIELD, REVIEW_PHOTO_REMOVE_FIELD } from '#core/contract/reviews.ts';
import type { Route } from './+types/dashboard';

type Intent = 'profile' | 'notifications' | 'password' | 'review' | 'ticket' | 'ticket-message';
const INTENTS: readonly Intent[] = [
  'profile',
  'notifications',
  'password',
  'review',
  'ticket',
  'ticket-message',
];

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requireUser(context, url);
  const params = url.searchParams;
  const tab = dashboardTab(params.get('tab'));
  const focus = Number(params.get('product'));
  const [profile, orders, reviews, support, promotions, reviewableLines, credit] = await Promise.all([
    context.services.profiles.getProfile(user.id),
    tab === 'orders' ? context.services.orders.listForCustomer(user) : Promise.resolve([]),
    tab === 'reviews' ? context.services.reviews.forAccount(user.id) : Promise.resolve(null),
    tab === 'support' ? context.services.support.forAccount(user) : Promise.resolve(null),
    // The "promotional emails" box is the newsletter subscription of the account's address (ADR 036).
    tab === 'settings' ? context.services.newsletter.stateOf(user.email) : Promise.resolve(null),
    // Each delivered order line's "Leave Review" (or "Edit your review").
    tab === 'orders' ? context.services.reviews.reviewableLines(user.id) : Promise.resolve([]),
    // The store credit balance and its history (ADR 100).
    tab === 'credit' ? context.services.credit.view(user.id) : Promise.resolve(null),
  ]);
  // The Pay small-small plans among these orders (ADR 099), with their Pay now forms.
  const plans = await context.services.layaway.viewsFor(
    user.id,
    orders.filter((o) => o.paymentMethod === 'layaway').map((o) => o.trackingNumber),
  );
  return {
    tab,
    plans: Object.fromEntries(plans),
    profile,
    // An empty phone or address is offered the latest order's (ADR 065), to keep by saving.
    profileOffer: tab === 'profile' ? await context.services.profiles.profileOffer(profile) : null,
    promotionsPending: promotions === 'pending',
    orders,
    support,
    credit,
    reviewableLines,
    reviews: reviews && {
      ...reviews,
      focusProductId: Number.isSafeInteger(focus) && focus > 0 ? focus : null,
    },
  };
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent'));
  const values = formValues(form);
  const removePhotos = form.getAll(REVIEW_PHOTO_REMOVE_FIELD).filter((v) => typeof v === 'string');
  const { profiles, accounts } = context.services;
  try {
    if (intent === 'profile' || intent === 'notifications') {
      await context.services.limits.enforce('profile', context);
    }
    if (intent === 'review') await context.services.limits.enforce('review', context);
    if (intent === 'ticket' || intent === 'ticket-message')
      await context.services.limits.enforce('support', context);
    switch (intent) {
      case 'profile':
        await profiles.updateProfile(user.id, values);
        return { ok: true as const, intent, message: 'Your profile has been updated.' };
      case 'review': {
        const { created } = await context.services.reviews.submit(user, values, {
          files: await photoFilesOf(form, REVIEW_PHOTO_FILES_FIELD, context),
          remove: removePhotos,
        });
        return {
          ok: true as const,
          intent,
          message: created
            ? 'Thank you! Your review will show on the product page once we have checked it.'
            : 'Your review has been updated. It will show again once we have checked it.',
        };
      }
      case 'ticket': {
        const ticket = await context.services.support.openForAccount(
          user,
          values,
          await supportPhotoOf(form),
        );
        return {
          ok: true as const,
          intent,
          message: `Thank you: your ticket ${ticket.reference} is open. We have emailed you a copy and will answer soon.`,
        };
      }
      case 'ticket-message':
        await context.services.support.replyForAccount(
          user,
          values.ticketId,
          values,
          await supportPhotoOf(form),
        );
        return { ok: true as const, intent, message: 'Your message has been added to the ticket.' };
      case 'notifications': {
        const { promotions } = await profiles.updateNotifications(user.id, values);
        return {
          ok: true as const,
          intent,
          message:
            promotions === 'pending'
              ? 'Your email preferences have been saved. To get promotional emails, please confirm with the link we have just emailed you.'
              : 'Your email preferences have been saved.',
        };
      }
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
    // The photos ticked for removal stay ticked on the form that comes back.
    if (intent === 'review') values[REVIEW_PHOTO_REMOVE_FIELD] = removePhotos.join(',');
    const failure = formFailure(error, values);
    if (failure) return data({ ...failure.data, intent }, failure.init ?? undefined);
    throw error;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'My Account | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} actionData={actionData} />;
}
