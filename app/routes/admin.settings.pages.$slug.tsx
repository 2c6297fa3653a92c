// /admin/settings/pages/:slug (admins only): a content page (shipping, returns, privacy, terms,
// about) written in Markdown. "Preview" posts the draft and the server renders it (works without
// JavaScript; nothing is saved); "Save" validates, audits and shows it on the storefront at once.
// The HTML comes from the server's safe renderer; the browser never loads a Markdown library.
import { data, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, found, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.settings.pages.$slug';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'settings.manage', url);
  const view = await context.services.settings.adminView();
  return {
    page: found(
      view.pages.find((p) => p.slug === params.slug),
      'There is no such page.',
    ),
  };
});

export const action = formAction(async ({ form: read, url, params, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'settings.manage', url);
  const form = await read();
  const intent = String(form.get('intent') ?? '');
  const values = formValues(form);
  if (intent === 'preview') {
    const preview = context.services.settings.previewPage(values);
    return { ok: true as const, preview, values };
  }
  if (intent !== 'save') throw data({ message: 'Unknown action.' }, { status: 400 });
  await context.services.settings.savePage({ id: user.id, ip: context.clientIp }, params.slug, values);
  return redirectWithToast(`/admin/settings/pages/${params.slug}`, {
    kind: 'success',
    message: 'Page saved.',
  });
});

export const headers = formHeaders;

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.page.title ?? 'Page'} | Settings | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const preview = actionData?.ok ? actionData.preview : null;
  const typed = (field: 'title' | 'intro' | 'body') =>
    actionData ? (actionData.values[field] ?? '') : page[field];
  const errors = failed?.fieldErrors ?? {};
  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/settings#pages" className="font-semibold text-plum-800 underline">
          Settings
        </Link>{' '}
        / Content pages
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold">Edit {page.title}</h1>
      <p className="mt-1 text-sm text-muted">
        Shown at{' '}
        <Link to={`/pages/${page.slug}`} className="underline">
          /pages/{page.slug}
        </Link>
        . Markdown: <code>## Heading</code>, <code>- list item</code>, <code>**bold**</code>,{' '}
        <code>[link](https://…)</code>. HTML is shown as text.
      </p>
      <form method="post" className="mt-6 space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6" noValidate>
        {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
        <TextField name="title" label="Title" defaultValue={typed('title')} error={errors.title?.[0]} />
        <TextField
          name="intro"
          label="Summary (optional)"
          defaultValue={typed('intro')}
          error={errors.intro?.[0]}
        />
        <div>
          <label htmlFor="page-body" className="block text-sm font-semibold">
            Page (Markdown)
          </label>
          <textarea
            id="page-body"
            name="body"
            rows={18}
            className="input mt-1 py-2 font-mono text-sm"
            defaultValue={typed('body')}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? 'page-body-error' : undefined}
          />
          {errors.body ? (
            <p id="page-body-error" className="mt-1 text-sm font-medium text-sale" data-field-error="body">
              {errors.body[0]}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="preview" pendingText="Rendering…" className="btn-outline">
            Preview
          </SubmitButton>
          <SubmitButton intent="save" pendingText="Saving…" className="btn-primary">
            Save page
          </SubmitButton>
        </div>
      </form>
      {preview ? (
        <section
          aria-labelledby="preview-title"
          className="mt-6 rounded-xl border border-dashed border-plum-700/40 bg-cream p-4 sm:p-6"
        >
          <h2 id="preview-title" className="text-sm font-semibold uppercase text-muted">
            Preview (not saved)
          </h2>
          <p className="mt-3 font-display text-2xl font-semibold">{preview.title}</p>
          {preview.intro ? <p className="mt-2 text-muted">{preview.intro}</p> : null}
          <div
            className="prose-shop mt-4"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server with raw HTML off and links checked (markdown.ts)
            dangerouslySetInnerHTML={{ __html: preview.html }}
          />
        </section>
      ) : null}
    </div>
  );
}
