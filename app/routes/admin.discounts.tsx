// /admin/discounts: the promo codes (admins only, `discounts.manage`): a searchable, filtered
// table with an active toggle per row, and a create/edit dialog opened by the address (`?new=1`,
// `?edit=<id>`), so it is server-rendered and works without JavaScript. Every form posts here with
// an `intent`; the service checks the permission again, writes and audits in one transaction, and
// the answer is a redirect back to the same view with a toast — or, when refused, a 4xx with the
// messages and everything typed (the dialog reopens with it).
import { data } from 'react-router';
import type { DiscountFailure, DiscountModal } from '#app/features/admin/discounts/discount-dialog.tsx';
import { DiscountsPage } from '#app/features/admin/discounts/discounts-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { asAppError } from '#app/lib/errors.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { instantToLagosLocal } from '#core/contract/admin-discounts.ts';
import { koboToNairaInput } from '#core/money-input.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.discounts';

const LIST_PARAMS = ['q', 'state', 'page'] as const;

/** The list's own address (its filter kept; the dialog closed). */
function listHref(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = params.get(key);
    if (value) kept.set(key, value.slice(0, 100));
  }
  const text = kept.toString();
  return text ? `/admin/discounts?${text}` : '/admin/discounts';
}

function idOf(raw: unknown): number {
  const text = String(raw ?? '');
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'discounts.manage', url);
  const actor = { user, ip: context.clientIp };
  const params = url.searchParams;
  const service = context.services.adminDiscounts;
  const list = await service.list(actor, Object.fromEntries(params));
  let modal: DiscountModal | null = null;
  if (params.get('edit')) {
    const found = await service.get(actor, idOf(params.get('edit'))).catch((error: unknown) => {
      // A code deleted meanwhile (or a made-up id): back to the list, saying so.
      const known = asAppError(error);
      if (known) return null;
      throw error;
    });
    if (!found) {
      throw await redirectWithToast(listHref(params), {
        kind: 'error',
        message: 'There is no discount with that id: it may have been deleted.',
      });
    }
    modal = {
      mode: 'edit',
      id: found.id,
      usedCount: found.usedCount,
      values: {
        code: found.code,
        type: found.type,
        value: found.type === 'fixed' ? koboToNairaInput(found.value) : String(found.value),
        scope: found.scope,
        usageLimit: found.usageLimit === null ? '' : String(found.usageLimit),
        perCustomerLimit: found.perCustomerLimit === null ? '' : String(found.perCustomerLimit),
        firstOrderOnly: found.firstOrderOnly ? 'on' : '',
        minOrder: found.minSubtotalKobo === 0 ? '' : koboToNairaInput(found.minSubtotalKobo),
        startsAt: found.startsAt ? instantToLagosLocal(found.startsAt) : '',
        expiresAt: found.expiresAt ? instantToLagosLocal(found.expiresAt) : '',
        active: found.isActive ? 'on' : '',
        productQuery: '',
      },
      categories: found.categorySlugs,
      productIds: found.productIds,
    };
  } else if (params.get('new')) {
    modal = {
      mode: 'new',
      id: null,
      usedCount: 0,
      values: { type: 'percentage', scope: 'global', active: 'on' },
      categories: [],
      productIds: [],
    };
  }
  const products = modal ? await service.productChoices(actor, '', modal.productIds) : null;
  return { list, modal, products, closeHref: listHref(params) };
});

/** What each action says once it has worked (a toast on the list). */
function done(code: string, what: 'created' | 'saved' | 'on' | 'off' | 'deleted' | 'kept'): string {
  switch (what) {
    case 'created':
      return `Discount ${code} created. Shoppers can use it in the cart now (if it is active and in date).`;
    case 'saved':
      return `Discount ${code} saved. The cart uses the new rules at once.`;
    case 'on':
      return `${code} is active: shoppers can use it now.`;
    case 'off':
      return `${code} is inactive: carts that had it no longer get the discount.`;
    case 'deleted':
      return `Discount ${code} deleted.`;
    case 'kept':
      return `${code} has been used on orders, so it was deactivated instead of deleted: those orders and their history keep it.`;
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requirePermission(context, 'discounts.manage', url);
  const actor = { user, ip: context.clientIp };
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // The form posts to the list's own address (its filter in the query), and comes back to it.
  const back = listHref(url.searchParams);
  const service = context.services.adminDiscounts;
  const values = formValues(form);
  const categories = form.getAll('categories').map(String);
  const productIds = form.getAll('productIds').map(String);
  const id = idOf(form.get('id'));

  if (intent === 'save' || intent === 'find-products') {
    const modal = (failure: DiscountFailure | null): DiscountModal => ({
      mode: Number.isNaN(id) ? 'new' : 'edit',
      id: Number.isNaN(id) ? null : id,
      usedCount: idOf(form.get('_used')) || 0,
      values,
      categories,
      productIds: productIds.map(Number).filter(Number.isSafeInteger),
      failure,
    });
    const reopen = async (failure: DiscountFailure | null, status: number) => {
      const open = modal(failure);
      const products = await service.productChoices(actor, values.productQuery ?? '', open.productIds);
      return data({ intent, modal: open, products }, { status });
    };
    if (intent === 'find-products') return reopen(null, 200);
    const input = { ...values, categories, productIds };
    try {
      if (Number.isNaN(id)) {
        const row = await service.create(actor, input);
        return redirectWithToast(back, { kind: 'success', message: done(row.code, 'created') });
      }
      const row = await service.update(actor, id, input);
      return redirectWithToast(back, { kind: 'success', message: done(row.code, 'saved') });
    } catch (error) {
      const failure = formFailure(error, values);
      if (!failure) throw error;
      const { message, fieldErrors } = failure.data;
      return reopen({ message, fieldErrors }, failure.init?.status ?? 400);
    }
  }

  if (intent === 'toggle' || intent === 'delete') {
    if (intent === 'delete' && !can(user.role, 'delete.any')) {
      return data({ intent, message: 'Only an admin can delete discounts.' }, { status: 403 });
    }
    try {
      if (intent === 'toggle') {
        const row = await service.setActive(actor, id, values);
        return redirectWithToast(back, {
          kind: 'success',
          message: done(row.code, row.isActive ? 'on' : 'off'),
        });
      }
      const result = await service.remove(actor, id);
      return redirectWithToast(back, {
        kind: 'success',
        message: done(result.code, result.outcome === 'deleted' ? 'deleted' : 'kept'),
      });
    } catch (error) {
      const known = asAppError(error);
      if (!known) throw error;
      return data({ intent, message: known.message }, { status: known.status });
    }
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Discounts | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const reopened = actionData && 'modal' in actionData ? actionData : null;
  return (
    <DiscountsPage
      data={loaderData.list}
      modal={reopened?.modal ?? loaderData.modal}
      products={reopened?.products ?? loaderData.products}
      closeHref={loaderData.closeHref}
      notice={actionData && !('modal' in actionData) ? actionData.message : null}
    />
  );
}
