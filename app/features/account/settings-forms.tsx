// Settings tab: email notifications (the spec's three boxes) and changing the password.
import { Form } from 'react-router';
import type { Profile } from '#core/contract/account.ts';
import { Checkbox, FormMessage, NewPasswordFields, PasswordField, SubmitButton } from './form-fields.tsx';

interface Answer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

export function NotificationsForm({
  profile,
  answer,
  promotionsPending = false,
}: {
  profile: Profile;
  answer: Answer | null;
  /** The newsletter subscription waits for the link we emailed (ADR 036). */
  promotionsPending?: boolean;
}) {
  return (
    <Form method="post" className="space-y-4" aria-label="Email notifications">
      <h3 className="text-lg font-semibold">Email notifications</h3>
      {answer ? <FormMessage tone={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage> : null}
      <Checkbox
        name="notifyOrderUpdates"
        label="Order updates: confirmation, packing, shipping and delivery"
        defaultChecked={profile.notifyOrderUpdates}
      />
      <Checkbox
        key={`promotions-${profile.notifyPromotions}`}
        name="notifyPromotions"
        label="Promotional emails: offers and new arrivals (our newsletter)"
        defaultChecked={profile.notifyPromotions}
      />
      {promotionsPending ? (
        <p className="-mt-2 text-sm text-muted">
          Waiting for you to confirm: open the link we emailed to {profile.email}.
        </p>
      ) : null}
      <Checkbox
        name="notifyBackInStock"
        label="Back in stock: when something on your wishlist returns"
        defaultChecked={profile.notifyBackInStock}
      />
      <SubmitButton intent="notifications" pendingText="Saving…" className="btn-outline">
        Save preferences
      </SubmitButton>
    </Form>
  );
}

export function ChangePasswordForm({ answer }: { answer: Answer | null }) {
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="space-y-5" noValidate aria-label="Change password">
      <h3 className="text-lg font-semibold">Change password</h3>
      {answer ? <FormMessage tone={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage> : null}
      <PasswordField
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.[0]}
      />
      <NewPasswordFields
        name="newPassword"
        label="New password"
        confirmLabel="Confirm new password"
        errors={errors}
      />
      <p className="text-xs text-muted">Changing your password signs you out on every other device.</p>
      <SubmitButton intent="password" pendingText="Changing…" className="btn-primary">
        Change Password
      </SubmitButton>
    </Form>
  );
}
