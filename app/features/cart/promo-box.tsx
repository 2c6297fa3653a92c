// The cart's promo code box: the applied code's status with a Remove button, and the code form.

export function PromoBox({
  promo,
  failed,
  applied,
}: {
  promo: { code: string; applied: boolean; message: string } | null;
  failed: { message: string; values: Record<string, string> } | null;
  applied: string | null;
}) {
  return (
    <div className="space-y-2">
      {promo ? (
        <div
          className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${promo.applied ? 'bg-ok/10 text-ok' : 'bg-sale/5 text-sale'}`}
        >
          <span>{promo.message}</span>
          <form method="post" action="/cart">
            <button type="submit" name="intent" value="remove-promo" className="font-semibold underline">
              Remove
            </button>
          </form>
        </div>
      ) : null}
      <form method="post" action="/cart" className="flex gap-2" aria-label="Promo code">
        <label htmlFor="promo-code" className="sr-only">
          Promo code
        </label>
        <input
          id="promo-code"
          name="code"
          placeholder="Promo code"
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={failed?.values.code}
          key={applied ?? 'promo'}
          className="input uppercase"
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? 'promo-error' : undefined}
        />
        <button type="submit" name="intent" value="promo" className="btn-outline shrink-0">
          Apply
        </button>
      </form>
      {failed ? (
        <p id="promo-error" role="alert" className="text-sm font-medium text-sale">
          {failed.message}
        </p>
      ) : null}
    </div>
  );
}
