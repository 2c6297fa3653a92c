// The failure box an island shows beside a form it sent when the request failed (ADR 061): the
// look of a form's error message (FormMessage, tone "error"), rendered once per page React does
// not hydrate as a <template> that app/islands/form-failure.ts clones, so no island copies it.
import { HOOK, mark } from '#app/lib/islands-contract.ts';

export function FormFailureTemplate() {
  return (
    <template {...mark(HOOK.formFailureTemplate)}>
      <p
        role="alert"
        {...mark(HOOK.formFailure)}
        className="rounded-lg border border-sale/30 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
      />
    </template>
  );
}
