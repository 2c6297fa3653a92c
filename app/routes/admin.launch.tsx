// /admin/launch: the launch checklist (ADR 071), modelled on Shopify's setup guide. Each step's
// state comes from the shop's real configuration through the launch service; the page says what
// to do next. Admins only (settings.manage). Two forms: send a test email to the signed-in admin,
// and remove the sample data (offered when the sample-data service is connected).
import { data } from 'react-router';
import { LaunchPage } from '#app/features/admin/launch/launch-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.launch';

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requirePermission(context, 'settings.manage', url);
  const checklist = await context.services.launch.checklist({ user, ip: context.clientIp });
  return { checklist, email: user.email };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'settings.manage', url);
  const values = formValues(await request.formData());
  const actor = { user, ip: context.clientIp };
  const launch = context.services.launch;
  try {
    switch (values.intent) {
      case 'send-test-email': {
        const { to } = await launch.sendTestEmail(actor);
        return redirectWithToast('/admin/launch#email', {
          kind: 'success',
          message: `Test email queued to ${to}. Reload this page in a moment to see whether it was sent.`,
        });
      }
      case 'remove-sample-data': {
        await launch.removeSampleData(actor, { keepCatalogue: values.keepCatalogue === 'on' });
        return redirectWithToast('/admin/launch#sample-data', {
          kind: 'success',
          message:
            values.keepCatalogue === 'on'
              ? 'The sample data is removed; the sample catalogue is kept.'
              : 'The sample data is removed.',
        });
      }
      default:
        throw data({ message: 'Unknown action.' }, { status: 400 });
    }
  } catch (error) {
    const failure = formFailure(error, values);
    if (!failure) throw error;
    return failure;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Launch checklist | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminLaunch({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LaunchPage checklist={loaderData.checklist} email={loaderData.email} failure={actionData ?? null} />
  );
}
