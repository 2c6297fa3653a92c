// /admin/products: the filter bar (a GET form: search, category, status, stock and the view all in
// the address), the products as cards (photo, name, category, price range, stock, status, Edit and
// Delete) or, with ?view=list, a compact table for many products; pages; an empty state.
import { ImageOff, LayoutGrid, List, Plus } from 'lucide-react';
import { Form, Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { CATEGORY_NAMES, CATEGORY_SLUGS } from '#core/catalog.ts';
import {
  type AdminProductCard,
  type AdminProductsPage,
  type AdminProductsQuery,
  PRODUCT_STATUSES,
  STOCK_LEVELS,
} from '#core/contract/admin-products.ts';
import { formatPrice } from '#core/money.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { DELETE_QUESTION, STATUS_LABELS, STATUS_TONES, STOCK_LABELS, STOCK_TONES } from './format.ts';

function withParams(query: AdminProductsQuery, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) {
    if (
      value === undefined ||
      value === '' ||
      (key === 'page' && value === 1) ||
      (key === 'view' && value === 'grid')
    )
      continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

function priceRange(p: AdminProductCard): string {
  if (p.variantCount === 0) return 'No price';
  return p.minPriceKobo === p.maxPriceKobo
    ? formatPrice(p.minPriceKobo)
    : `${formatPrice(p.minPriceKobo)} – ${formatPrice(p.maxPriceKobo)}`;
}

function stockText(p: AdminProductCard): string {
  const units = `${p.totalStock.toLocaleString('en-NG')} in stock`;
  return p.variantCount > 1 ? `${units} · ${p.variantCount} variants` : units;
}

export interface ProductsPermissions {
  edit: boolean;
  delete: boolean;
}

function RowActions({
  product,
  can,
  back,
}: {
  product: AdminProductCard;
  can: ProductsPermissions;
  back: string;
}) {
  const action = `/admin/products/${product.id}`;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Link to={action} className="btn-outline" aria-label={`${can.edit ? 'Edit' : 'View'} ${product.name}`}>
        {can.edit ? 'Edit' : 'View'}
      </Link>
      {can.delete && product.status !== 'archived' ? (
        <ConfirmStep
          label="Delete"
          question={DELETE_QUESTION}
          confirmLabel="Yes, delete"
          intent="archive"
          action={action}
        >
          <input type="hidden" name="back" value={back} />
          <p className="text-xs text-muted">It leaves the storefront at once; past orders keep it.</p>
        </ConfirmStep>
      ) : null}
      {can.delete && product.status === 'archived' ? (
        <Form method="post" action={action}>
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="restore" className="btn-outline">
            Restore
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function Thumb({ product, size }: { product: AdminProductCard; size: 'card' | 'row' }) {
  const box = size === 'card' ? 'aspect-[4/5] w-full' : 'h-12 w-10';
  return product.image ? (
    <ResponsiveImage
      image={product.image}
      sizes={size === 'card' ? '(min-width: 1024px) 240px, 50vw' : '40px'}
      maxWidth={size === 'card' ? 320 : 40}
      className={`${box} rounded-lg object-cover`}
    />
  ) : (
    <div className={`${box} flex items-center justify-center rounded-lg bg-ink/5 text-muted`}>
      <ImageOff className="h-6 w-6" aria-hidden="true" />
      <span className="sr-only">No photo</span>
    </div>
  );
}

export function ProductsPage({ data, can }: { data: AdminProductsPage; can: ProductsPermissions }) {
  const { items, total, page, pageSize, query } = data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pending = usePendingHere();
  const filtered = Boolean(query.q || query.category || query.status || query.stock);
  const list = query.view === 'list';
  const back = `/admin/products${withParams(query, {})}`.replace(/\?$/, '');
  return (
    <section className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold">Products</h1>
          <p className="mt-1 text-sm text-muted">
            What the shop sells: prices, stock and photos. Low stock means {data.lowStockThreshold} or fewer
            of a variant.
          </p>
        </div>
        {can.edit ? (
          <Link to="/admin/products/new" className="btn-primary">
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Product
          </Link>
        ) : null}
      </div>

      <div className="mt-6">
        <FilterBar
          label="Filter products"
          resetHref={list ? '/admin/products?view=list' : '/admin/products'}
          filtered={filtered}
          active={countSet([query.category, query.status, query.stock])}
          search={<FilterSearch id="products-q" defaultValue={query.q} placeholder="Name or category" />}
        >
          <FilterSelect
            label="Category"
            id="products-category"
            name="category"
            defaultValue={query.category}
            any="Any"
            options={optionsOf(CATEGORY_SLUGS, CATEGORY_NAMES)}
          />
          <FilterSelect
            label="Status"
            id="products-status"
            name="status"
            defaultValue={query.status}
            any="Draft and active"
            options={optionsOf(PRODUCT_STATUSES, STATUS_LABELS)}
          />
          <FilterSelect
            label="Stock"
            id="products-stock"
            name="stock"
            defaultValue={query.stock}
            any="Any"
            options={optionsOf(STOCK_LEVELS, STOCK_LABELS)}
          />
          {list ? <input type="hidden" name="view" value="list" /> : null}
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading products…" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">
            {total.toLocaleString('en-NG')} {total === 1 ? 'product' : 'products'}
            {filtered ? (total === 1 ? ' matches this filter' : ' match this filter') : ''}
          </p>
          <nav aria-label="View" className="flex gap-2">
            <Link
              to={withParams(query, { view: 'grid', page: 1 })}
              aria-current={list ? undefined : 'true'}
              className={`btn-outline ${list ? '' : 'bg-plum-50'}`}
            >
              <LayoutGrid className="h-4 w-4" aria-hidden="true" /> Cards
            </Link>
            <Link
              to={withParams(query, { view: 'list', page: 1 })}
              aria-current={list ? 'true' : undefined}
              className={`btn-outline ${list ? 'bg-plum-50' : ''}`}
            >
              <List className="h-4 w-4" aria-hidden="true" /> List
            </Link>
          </nav>
        </div>
        <div className="mt-3">
          {items.length === 0 ? (
            <EmptyState title={filtered ? 'No product matches this filter.' : 'No products yet.'}>
              {filtered ? (
                'Try a shorter search, or clear the filter.'
              ) : can.edit ? (
                <Link to="/admin/products/new" className="btn-primary mt-2 inline-flex">
                  Add the first product
                </Link>
              ) : (
                'Products appear here once an admin adds them.'
              )}
            </EmptyState>
          ) : list ? (
            <DataTable caption="Products">
              <thead>
                <tr>
                  <Th>
                    <span className="sr-only">Photo</span>
                  </Th>
                  <Th>Name</Th>
                  <Th>Category</Th>
                  <Th>Price</Th>
                  <Th>Stock</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr key={p.id} className="border-t border-ink/10 align-top">
                    <Td>
                      <Thumb product={p} size="row" />
                    </Td>
                    <Td className="font-semibold">{p.name}</Td>
                    <Td>{p.categoryName}</Td>
                    <Td className="tabular-nums">{priceRange(p)}</Td>
                    <Td>
                      <span className="tabular-nums">{stockText(p)}</span>{' '}
                      <StatusBadge tone={STOCK_TONES[p.stockLevel]}>{STOCK_LABELS[p.stockLevel]}</StatusBadge>
                    </Td>
                    <Td>
                      <StatusBadge tone={STATUS_TONES[p.status]}>{STATUS_LABELS[p.status]}</StatusBadge>
                    </Td>
                    <Td>
                      <RowActions product={p} can={can} back={back} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          ) : (
            <ul
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              aria-label="Products"
            >
              {items.map((p) => (
                <li key={p.id} className="flex min-w-0 flex-col rounded-xl bg-white p-3 shadow-sm">
                  <Thumb product={p} size="card" />
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <StatusBadge tone={STATUS_TONES[p.status]}>{STATUS_LABELS[p.status]}</StatusBadge>
                    <StatusBadge tone={STOCK_TONES[p.stockLevel]}>{STOCK_LABELS[p.stockLevel]}</StatusBadge>
                  </div>
                  <h2 className="mt-2 break-words font-semibold">{p.name}</h2>
                  <p className="text-sm text-muted">{p.categoryName}</p>
                  <p className="mt-1 font-semibold tabular-nums">{priceRange(p)}</p>
                  <p className="text-sm tabular-nums">{stockText(p)}</p>
                  <div className="mt-auto pt-3">
                    <RowActions product={p} can={can} back={back} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Pagination
          page={page}
          pageCount={pages}
          total={total}
          noun={total === 1 ? 'product' : 'products'}
          hrefFor={(n) => withParams(query, { page: n })}
        />
      </PendingRegion>
    </section>
  );
}
