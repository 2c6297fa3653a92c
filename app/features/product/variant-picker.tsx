// The product page's variant choice: one group of options per attribute (length, colour…), each
// a link to ?variant= (a full page load: the page is not hydrated, ADR 039, and each variant's page
// is kept for every visitor). Sold-out choices are struck through.
import { Link } from 'react-router';
import type { ProductDetail } from '#core/contract/catalog.ts';
import { optionGroups, variantFor } from '#core/variants.ts';

type Variant = ProductDetail['variants'][number];

export function VariantPicker({ variants, variant }: { variants: Variant[]; variant: Variant }) {
  const groups = optionGroups(variants);
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.key}>
          <legend className="mb-2 text-sm font-semibold">
            {group.label}: <span className="font-normal text-muted">{variant.options[group.key]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {group.values.map((value) => {
              const target = variantFor(variants, variant, group.key, value);
              if (!target) return null;
              const selected = variant.options[group.key] === value;
              return (
                <Link
                  key={value}
                  to={`?variant=${target.id}`}
                  aria-current={selected ? 'true' : undefined}
                  className={`inline-flex min-h-10 min-w-12 items-center justify-center rounded-full border px-4 text-sm font-semibold ${
                    selected
                      ? 'border-plum-800 bg-plum-800 text-white'
                      : 'border-ink/20 hover:border-plum-700'
                  } ${target.stock === 0 && !selected ? 'text-muted line-through' : ''}`}
                >
                  {value}
                </Link>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
