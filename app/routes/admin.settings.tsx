// /admin/settings (admins only: settings.manage): currencies, delivery fees and free delivery, pay
// on delivery, bank details, contacts, order emails, stock — one form per section; each save is
// validated, audited and shown to shoppers at once (the settings service, ADR 033).
import { data } from 'react-router';
import { SettingsPage } from '#app/features/admin/settings/settings-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from '#core/contract/admin-settings.ts';
import type { Route } from './+types/admin.settings';

const SAVED: Record<SettingsSection, string> = {
  currencies: 'Currency rates saved.',
  delivery: 'Delivery fees saved.',
  'pay-on-delivery': 'Pay-on-delivery states saved.',
  bank: 'Bank details saved.',
  contacts: 'Store contacts saved.',
  'staff-emails': 'Order email addresses saved.',
  stock: 'Stock settings saved.',
  reminders: 'Reminder settings saved.',
  layaway: 'Pay small-small settings saved.',
};

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'settings.manage', url);
  const view = await context.services.settings.adminView();
  return { view: { ...view, pages: view.pages.map((p) => ({ slug: p.slug, title: p.title })) } };
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'settings.manage', url);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (!(SETTINGS_SECTIONS as readonly string[]).includes(intent)) {
    throw data({ message: 'Unknown settings section.' }, { status: 400 });
  }
  const section = intent as SettingsSection;
  const values = formValues(form);
  try {
    const { changed } = await context.services.settings.save(
      { id: user.id, ip: context.clientIp },
      section,
      values,
    );
    return redirectWithToast(`/admin/settings#${section}`, {
      kind: 'success',
      message: changed ? SAVED[section] : 'Nothing changed.',
    });
  } catch (error) {
    const failure = formFailure(error, values);
    if (!failure) throw error;
    return data({ ...failure.data, intent: section }, failure.init ?? undefined);
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Settings | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage view={loaderData.view} failure={actionData ?? null} />;
}
