// /admin/products: find products by name or category, filter by category, status and stock (all in
// the address), as cards or a list (app/features/admin/products/products-page.tsx).
import { ProductsPage } from '#app/features/admin/products/products-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.products';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'products.view', url);
  const query = Object.fromEntries(url.searchParams);
  const page = await context.services.adminProducts.list({ user, ip: context.clientIp }, query);
  return { page, can: { edit: can(user.role, 'products.edit'), delete: can(user.role, 'delete.any') } };
});

export function meta() {
  return [{ title: 'Products | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPage data={loaderData.page} can={loaderData.can} />;
}
