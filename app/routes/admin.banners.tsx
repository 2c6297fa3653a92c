// /admin/banners: the home page's hero slides (?tab=hero) and the storefront popup (?tab=popup).
// `&edit=<id>` or `&edit=new` opens the form on the same page. Every action posts here with an
// `intent`, is checked again by the banners service (banners.manage) and redirects back with a
// toast; a refused form answers 400 with everything typed (and any photo already uploaded).
import { data } from 'react-router';
import { BannersPage, type BannerTab } from '#app/features/admin/banners/banners-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { photosFromForm, storeNewPhotos } from '#app/lib/uploads.server.ts';
import type { Route } from './+types/admin.banners';

export const headers = formHeaders;

function tabOf(value: string | null): BannerTab {
  return value === 'popup' ? 'popup' : 'hero';
}

function idOf(value: FormDataEntryValue | string | null): number | null {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'banners.manage', url);
  const tab = tabOf(url.searchParams.get('tab'));
  const edit = url.searchParams.get('edit');
  const [slides, popups] = await Promise.all([
    context.services.banners.listSlides(),
    context.services.banners.listPopups(),
  ]);
  return { tab, edit: edit === 'new' ? ('new' as const) : idOf(edit), slides, popups };
});

export function meta() {
  return [{ title: 'Banners | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const DONE = {
  saved: {
    hero: 'Slide saved. The home page shows it now.',
    popup: 'Popup saved. The storefront shows it now.',
  },
  moved: { hero: 'Slide moved.', popup: 'Popup moved.' },
  activated: { hero: 'Slide activated.', popup: 'Popup activated.' },
  deactivated: { hero: 'Slide deactivated.', popup: 'Popup deactivated.' },
  deleted: { hero: 'Slide deleted.', popup: 'Popup deleted.' },
} as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'banners.manage', url);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const kind = tabOf(String(form.get('kind') ?? ''));
  const id = idOf(form.get('id'));
  const actor = { user, ip: context.clientIp };
  const banners = context.services.banners;
  const back = `/admin/banners?tab=${kind}`;
  const values = formValues(form);

  if (intent === 'save') {
    // Files chosen without JavaScript are stored first; refused ones are named, the rest kept.
    const upload = await storeNewPhotos(form, context, user, { max: 1 });
    const photos = photosFromForm(form, upload.photos);
    const photo = photos[0];
    const failed = (failure: ReturnType<typeof formFailure>) =>
      failure && data({ ...failure.data, intent, kind, id, photos }, { status: failure.init?.status ?? 400 });
    if (upload.refused.length > 0) {
      return data(
        {
          ok: false as const,
          message: upload.refused.join(' '),
          code: 'validation_failed',
          fieldErrors: { photos: upload.refused },
          values,
          intent,
          kind,
          id,
          photos,
        },
        { status: 400 },
      );
    }
    const input = { ...values, mediaId: photo?.id ?? '', alt: photo?.alt ?? '' };
    try {
      if (kind === 'hero') await banners.saveSlide(id, input, actor);
      else await banners.savePopup(id, input, actor);
    } catch (error) {
      const failure = failed(formFailure(error, values));
      if (failure) return failure;
      throw error;
    }
    return redirectWithToast(back, { kind: 'success', message: DONE.saved[kind] });
  }

  if (id === null) throw data({ message: 'Unknown slide or popup.' }, { status: 400 });
  try {
    if (intent === 'move-up' || intent === 'move-down') {
      await banners.move(kind, id, intent === 'move-up' ? 'up' : 'down', actor);
      return redirectWithToast(back, { kind: 'success', message: DONE.moved[kind] });
    }
    if (intent === 'activate' || intent === 'deactivate') {
      await banners.setActive(kind, id, intent === 'activate', actor);
      return redirectWithToast(back, {
        kind: 'success',
        message: DONE[intent === 'activate' ? 'activated' : 'deactivated'][kind],
      });
    }
    if (intent === 'delete') {
      await banners.remove(kind, id, actor);
      return redirectWithToast(back, { kind: 'success', message: DONE.deleted[kind] });
    }
  } catch (error) {
    const failure = formFailure(error, values);
    if (failure) return redirectWithToast(back, { kind: 'error', message: failure.data.message });
    throw error;
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}

export default function AdminBanners({ loaderData, actionData }: Route.ComponentProps) {
  return <BannersPage data={loaderData} failure={actionData ?? null} />;
}
