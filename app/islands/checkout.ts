// The /checkout form without React in the browser (ADR 046). The server renders it whole for the
// state and method it knows (the profile's, or what was typed when the order was refused) and the
// form posts as it is. With JavaScript this island follows the shopper's choices the way the
// hydrated page did: the delivery estimate, fee and total follow the state (the terms come in the
// form's `data-checkout`, priced by the one function the server uses); pay on delivery shows only
// where it runs; the button says "Pay ₦…" for an online payment and "Placing your order…" once
// sent, and stays disabled so the form goes once. The server re-prices and re-checks everything.
// The form is sent by the browser itself; if that goes nowhere (the page's CSP refusing where the
// answer leads, or no answer at all), the shopper is told and can press again, with everything
// typed still there (the idempotency key makes a second press place the order once: ADR 061).
import { HOOK, select } from '#app/lib/islands-contract.ts';
import { formatDeliveryFee, formatDiscount, formatPrice } from '#core/money.ts';
import { withDeliveryFee, withStoreCredit } from '#core/pricing.ts';
import { clearFormFailure, showFormFailure } from './form-failure.ts';

/** How long a sent form may wait for the next page before the shopper is told and may press again. */
const STILL_WAITING_MS = 20_000;

interface Terms {
  subtotalKobo: number;
  discountKobo: number;
  freeDeliveryFromKobo: number | null;
  rates: {
    state: string;
    feeKobo: number;
    payOnDelivery: boolean;
    etaDaysMin: number;
    etaDaysMax: number;
  }[];
}

export function enhanceCheckout(): void {
  const form = document.querySelector<HTMLFormElement>(`form${select(HOOK.checkout)}`);
  if (!form) return;
  const terms = JSON.parse(form.getAttribute(HOOK.checkout) ?? '') as Terms;
  const state = form.querySelector<HTMLSelectElement>('select[name="shipState"]');
  const estimate = form.querySelector<HTMLElement>(select(HOOK.deliveryEstimate));
  const fee = form.querySelector<HTMLElement>(select(HOOK.deliveryFee));
  const total = form.querySelector<HTMLElement>(select(HOOK.checkoutTotal));
  const label = form.querySelector<HTMLElement>(select(HOOK.checkoutLabel));
  const submit = label?.closest('button') ?? null;
  const blocked = submit?.disabled ?? false; // the cart cannot be checked out as it is
  const pod = form.querySelector<HTMLElement>(select(HOOK.paymentMethod, 'pay_on_delivery'));
  const podRadio = pod?.querySelector<HTMLInputElement>('input[type="radio"]') ?? null;
  // Store credit (ADR 100): the box carries the balance; its row in the summary follows it.
  const credit = form.querySelector<HTMLInputElement>(select(HOOK.storeCreditChoice));
  const creditRow = form.querySelector<HTMLElement>(select(HOOK.storeCreditRow));
  let totalKobo = terms.subtotalKobo - terms.discountKobo;
  let placing = false;
  let waiting = 0;

  /** The form went nowhere: say so, and let the shopper press again. */
  function stuck(message: string) {
    if (!placing) return;
    window.clearTimeout(waiting);
    placing = false;
    if (submit) {
      submit.disabled = blocked;
      showFormFailure(submit, message);
    }
    showLabel();
  }

  function method(): string {
    return form!.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked')?.value ?? '';
  }

  function showLabel() {
    if (!label) return;
    label.textContent = placing
      ? 'Placing your order…'
      : method() === 'online' && totalKobo > 0
        ? `Pay ${formatPrice(totalKobo)}`
        : 'Place Order';
  }

  function followState() {
    const rate = terms.rates.find((r) => r.state === state?.value);
    const foot = withStoreCredit(
      withDeliveryFee(terms, rate?.feeKobo ?? 0, terms.freeDeliveryFromKobo),
      credit?.checked ? Number(credit.getAttribute(HOOK.storeCreditChoice)) || 0 : 0,
    );
    totalKobo = foot.totalKobo;
    if (creditRow) {
      creditRow.hidden = !foot.storeCreditKobo;
      const amount = creditRow.querySelector('dd');
      if (amount) amount.textContent = formatDiscount(foot.storeCreditKobo ?? 0);
    }
    if (estimate) {
      estimate.hidden = !rate;
      estimate.textContent = rate
        ? `Delivery to ${rate.state}: ${formatDeliveryFee(foot.deliveryFeeKobo)}, usually ${rate.etaDaysMin}–${rate.etaDaysMax} working days.`
        : '';
    }
    if (fee) fee.textContent = rate ? formatDeliveryFee(foot.deliveryFeeKobo) : 'Free in most states';
    if (total) total.textContent = formatPrice(totalKobo);
    // Pay on delivery where the state allows it (any state until one is chosen).
    const podHere = rate ? rate.payOnDelivery : true;
    if (pod && podRadio) {
      pod.hidden = !podHere;
      podRadio.disabled = !podHere;
      if (!podHere && podRadio.checked) {
        podRadio.checked = false;
        const online = form!.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="online"]');
        if (online) online.checked = true;
      }
    }
    showLabel();
  }

  // A refused field's message goes once the shopper corrects it (the browser's own checks pass);
  // the server checks it again when the form is sent.
  form.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (field.getAttribute('aria-invalid') !== 'true' || !field.name || !field.checkValidity()) return;
    field.removeAttribute('aria-invalid');
    form.querySelector(select(HOOK.fieldError, CSS.escape(field.name)))?.remove();
  });
  state?.addEventListener('change', followState);
  credit?.addEventListener('change', followState);
  form.addEventListener('change', (event) => {
    if ((event.target as Element).matches('input[name="paymentMethod"]')) showLabel();
  });
  form.addEventListener('submit', (event) => {
    if (placing) {
      event.preventDefault();
      return;
    }
    placing = true;
    if (submit) clearFormFailure(submit);
    showLabel();
    // Disabled after the browser has taken the form's values, so it is still sent once.
    window.setTimeout(() => {
      if (submit) submit.disabled = true;
    });
    window.clearTimeout(waiting);
    waiting = window.setTimeout(
      () =>
        stuck(
          'This is taking longer than it should. Your details are kept: press the button again to retry (your order will not be placed twice).',
        ),
      STILL_WAITING_MS,
    );
  });
  // The browser refused to go where the answer led (the page's form-action): nothing happens on
  // screen unless this page says so.
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!event.violatedDirective.startsWith('form-action')) return;
    stuck(
      'Your browser did not open the next page. Your details are kept: please try again, or contact us if it happens again.',
    );
  });
  window.addEventListener('pagehide', () => window.clearTimeout(waiting));
  // Coming back to this page from the payment page (the back button) shows it as it was left.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    placing = false;
    if (submit) clearFormFailure(submit);
    if (submit) submit.disabled = blocked;
    followState();
  });
  followState();
}
