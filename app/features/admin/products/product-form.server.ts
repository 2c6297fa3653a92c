// The product form's action, shared by /admin/products/new and /admin/products/:id. Intents:
// `build` (the variant matrix from the picked values), `apply` (set price/stock on the ticked
// rows) re-render the form with everything typed, saving nothing; `save` saves and redirects with
// a toast; `archive` / `restore` (admins). A refusal answers 4xx with the message, the field errors
// and the whole form as typed (after a stock conflict, with the new figures as the loaded ones).

import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import { safeBack } from '#app/features/admin/products/safe-back.ts';
import { requirePermission } from '#app/lib/auth.server.ts';
import { asAppError } from '#app/lib/errors.ts';
import { formValues } from '#app/lib/forms.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { storeNewPhotos } from '#app/lib/uploads.server.ts';
import { can } from '#core/permissions.ts';
import { applyToSelected, draftFromForm, type ProductDraft, rebuildRows } from '#core/product-draft.ts';
import { PRODUCT_DONE } from './format.ts';

export interface ProductFormResult {
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string[]>;
  draft: ProductDraft;
  /** Changes on every answer, so the form's fields take the returned values. */
  revision: string;
}

function answer(draft: ProductDraft, extra: Partial<ProductFormResult> = {}, status = 200) {
  return data<ProductFormResult>(
    { ok: true, message: '', fieldErrors: {}, draft, revision: `${Date.now()}-${Math.random()}`, ...extra },
    { status },
  );
}

export async function productFormAction(
  request: Request,
  url: URL,
  context: AppLoadContext,
  id: number | null,
) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const user = await requirePermission(context, 'products.view', url);
  const actor = { user, ip: context.clientIp };
  const values = formValues(form);
  // Photos chosen without JavaScript (a multipart post) are checked and stored first, and join the
  // list after the ones already there; a refused file is named and the rest of the form kept.
  const upload =
    intent === 'save' || intent === 'build' || intent === 'apply'
      ? can(user.role, 'products.edit')
        ? await storeNewPhotos(form, context, user)
        : null
      : null;
  values.photos = (
    upload?.photos ?? form.getAll('photos').filter((v): v is string => typeof v === 'string')
  ).join(',');
  const draft = draftFromForm(values);
  const refuse = (message: string, status: number) => answer(draft, { ok: false, message }, status);
  if (upload && upload.refused.length > 0) {
    return answer(
      draft,
      { ok: false, message: upload.refused.join(' '), fieldErrors: { photos: upload.refused } },
      400,
    );
  }

  if (intent === 'archive' || intent === 'restore') {
    if (!can(user.role, 'delete.any')) return refuse('Only an admin can delete or restore products.', 403);
    if (id === null) throw data({ message: 'There is no such product.' }, { status: 404 });
    const back = safeBack(values.back, `/admin/products/${id}`);
    try {
      if (intent === 'archive') await context.services.adminProducts.archive(actor, id);
      else await context.services.adminProducts.restore(actor, id);
    } catch (error) {
      const known = asAppError(error);
      if (!known) throw error;
      return redirectWithToast(back, { kind: 'error', message: known.message });
    }
    return redirectWithToast(back, {
      kind: 'success',
      message: PRODUCT_DONE[intent === 'archive' ? 'archived' : 'restored'],
    });
  }

  if (!can(user.role, 'products.edit')) return refuse('Only an admin can change products.', 403);
  if (intent === 'build')
    return answer(await context.services.adminProducts.withFreeSkus(id, rebuildRows(draft)));
  if (intent === 'apply') {
    return answer(
      applyToSelected(draft, {
        price: values['bulk-price'] ?? '',
        compareAt: values['bulk-compareAt'] ?? '',
        stock: values['bulk-stock'] ?? '',
      }),
    );
  }
  if (intent !== 'save') return refuse('Unknown action.', 400);
  try {
    const saved = await context.services.adminProducts.saveForm(actor, id, values);
    return redirectWithToast(`/admin/products/${saved}`, {
      kind: 'success',
      message: id === null ? PRODUCT_DONE.created : PRODUCT_DONE.saved,
    });
  } catch (error) {
    const known = asAppError(error);
    if (!known) throw error;
    // After a stock conflict the form shows today's figures as the ones it was loaded with, so
    // saving again (having looked) goes through; what the owner typed stays in the fields.
    const current = (error as { currentStock?: Record<number, number> }).currentStock ?? {};
    const kept: ProductDraft = {
      ...draft,
      rows: draft.rows.map((r, i) =>
        current[i] === undefined ? r : { ...r, loadedStock: String(current[i]) },
      ),
    };
    return answer(
      kept,
      { ok: false, message: known.message, fieldErrors: known.fieldErrors ?? {} },
      known.status,
    );
  }
}
