// /admin/products/:id: one product's form. Admins edit it (variants keep their ids; a stock edit is
// conditional on the stock the form was loaded with), delete (archive) and restore it; staff read
// it (ADR 030). The page ends with the product's audit trail.
import { isRouteErrorResponse, Link } from 'react-router';
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { AuditTrail } from '#app/features/admin/audit/audit-trail.tsx';
import { productFormAction } from '#app/features/admin/products/product-form.server.ts';
import { ProductForm } from '#app/features/admin/products/product-form.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { idParam, pageLoader } from '#app/lib/route-errors.server.ts';
import { can } from '#core/permissions.ts';
import { draftFromProduct } from '#core/product-draft.ts';
import type { Route } from './+types/admin.products.$id';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'products.view', url);
  const id = idParam(params.id, 'product');
  const [product, auditTrail] = await Promise.all([
    context.services.adminProducts.detail({ user, ip: context.clientIp }, id),
    loadAuditTrail(context, user, 'product', id),
  ]);
  return {
    product,
    draft: draftFromProduct({
      ...product,
      photos: product.photos.map((p) => ({ mediaId: p.mediaId, alt: p.alt })),
    }),
    auditTrail,
    can: { edit: can(user.role, 'products.edit'), delete: can(user.role, 'delete.any') },
  };
});

export async function action({ request, url, params, context }: Route.ActionArgs) {
  return productFormAction(request, url, context, idParam(params.id, 'product'));
}

export const headers = formHeaders;

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.product.name ?? 'Product'} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <>
      <ProductForm
        draft={actionData?.draft ?? loaderData.draft}
        revision={actionData?.revision ?? `loaded-${product.updatedAt}`}
        message={actionData?.message ?? ''}
        ok={actionData?.ok ?? true}
        fieldErrors={actionData?.fieldErrors ?? {}}
        readOnly={!loaderData.can.edit || product.status === 'archived'}
        product={product}
        photos={product.photos}
        canDelete={loaderData.can.delete}
      />
      <div className="mt-10 max-w-5xl">
        <AuditTrail subjectType="product" subjectId={product.id} trail={loaderData.auditTrail} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : 'Something went wrong. Please try again.';
  return (
    <section className="max-w-xl">
      <h1 className="font-display text-3xl font-semibold">Product</h1>
      <p className="mt-4">{message}</p>
      <p className="mt-4">
        <Link to="/admin/products" className="btn-outline">
          Back to products
        </Link>
      </p>
    </section>
  );
}
