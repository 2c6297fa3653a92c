// /admin/products/new: the product form, empty (app/features/admin/products/product-form.tsx);
// its action builds the variant matrix, sets many rows at once and saves (product-form.server.ts).

import { productFormAction } from '#app/features/admin/products/product-form.server.ts';
import { ProductForm } from '#app/features/admin/products/product-form.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { emptyDraft } from '#core/product-draft.ts';
import type { Route } from './+types/admin.products.new';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'products.edit', url);
  return { draft: emptyDraft() };
});

export async function action({ request, url, context }: Route.ActionArgs) {
  await requirePermission(context, 'products.edit', url);
  return productFormAction(request, url, context, null);
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Add product | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductForm
      draft={actionData?.draft ?? loaderData.draft}
      revision={actionData?.revision ?? 'loaded'}
      message={actionData?.message ?? ''}
      ok={actionData?.ok ?? true}
      fieldErrors={actionData?.fieldErrors ?? {}}
      readOnly={false}
      product={null}
      photos={[]}
      canDelete={false}
    />
  );
}
