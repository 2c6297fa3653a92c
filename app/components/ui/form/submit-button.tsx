// The submit button of a form, which says it is working while the form is being sent.
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/** A submit button that says it is working while its form is being sent. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  className = 'btn-primary w-full',
}: {
  children: ReactNode;
  pendingText: string;
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent);
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={className}
      disabled={pending}
    >
      {pending ? pendingText : children}
    </button>
  );
}
