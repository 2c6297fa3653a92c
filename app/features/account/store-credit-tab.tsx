// The dashboard's store credit tab (ADR 100): the balance, how it is spent, and its history.
import { Link } from 'react-router';
import { StoreCreditBalance, StoreCreditHistory } from '#app/features/shared/store-credit-history.tsx';
import type { StoreCreditView } from '#core/contract/credit.ts';

export function StoreCreditTab({ credit }: { credit: StoreCreditView }) {
  return (
    <div className="space-y-6">
      <StoreCreditBalance
        balanceKobo={credit.balanceKobo}
        note={
          credit.balanceKobo > 0
            ? 'Tick "Use my store credit" at checkout to spend it. If an order you paid with it is cancelled, it comes back here.'
            : 'Store credit the shop gives you (for example, money kept from a layaway plan) shows here.'
        }
      />
      {credit.balanceKobo > 0 ? (
        <p>
          <Link to="/collections" className="btn-primary inline-flex">
            Shop with your credit
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="credit-history-title" className="space-y-3">
        <h3 id="credit-history-title" className="text-lg font-semibold">
          History
        </h3>
        <StoreCreditHistory credit={credit} />
      </section>
    </div>
  );
}
