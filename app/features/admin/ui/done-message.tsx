// The result of a form post until the toast system lands: the action redirects with
// `?done=<key>` (and optional details) and the page shows the matching message once.
import { FormMessage } from '#app/features/account/form-fields.tsx';

export function DoneMessage({ message }: { message: string | null }) {
  return message ? (
    <div className="mb-4" data-testid="done-message">
      <FormMessage tone="success">{message}</FormMessage>
    </div>
  ) : null;
}
