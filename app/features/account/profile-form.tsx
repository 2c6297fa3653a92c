// Profile tab: name, email (read-only), phone, date of birth and the delivery address.
import { Form } from 'react-router';
import type { Profile } from '#core/contract/account.ts';
import { formatNigerianPhone, NIGERIAN_STATES } from '#core/nigeria.ts';
import { FieldNotes, FormMessage, SubmitButton, TextField } from './form-fields.tsx';

interface Answer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

/** The latest order's phone and address, offered where the profile has none (ADR 065). */
export interface ProfileOffer {
  trackingNumber: string;
  phone: string | null;
  address: { street: string; city: string; state: string; landmark: string | null } | null;
}

export function ProfileForm({
  profile,
  offer = null,
  answer,
}: {
  profile: Profile;
  offer?: ProfileOffer | null;
  answer: Answer | null;
}) {
  const errors = answer?.fieldErrors ?? {};
  // After a refusal, show what was typed; otherwise what is saved (or, where nothing is, the offer).
  const value = (field: keyof Profile, saved: string | null) =>
    answer && !answer.ok ? (answer.values?.[field] ?? '') : (saved ?? '');
  const offered = answer ? null : offer;
  const address = offered?.address;
  return (
    <Form method="post" className="space-y-5" noValidate aria-label="Profile">
      {answer ? <FormMessage tone={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage> : null}
      {offered && (offered.phone || address) ? (
        <p className="rounded-xl bg-sand p-3 text-sm">
          We filled in your{' '}
          {offered.phone && address ? 'phone and address' : offered.phone ? 'phone' : 'address'} from your
          order {offered.trackingNumber}. Check {offered.phone && !address ? 'it' : 'them'} and press Update
          Profile to keep {offered.phone && !address ? 'it' : 'them'}.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label="Full name"
          autoComplete="name"
          required
          defaultValue={value('name', profile.name)}
          error={errors.name?.[0]}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          hint="Your sign-in address. Contact us to change it."
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="0803 123 4567"
          defaultValue={value(
            'phone',
            profile.phone
              ? formatNigerianPhone(profile.phone)
              : offered?.phone
                ? formatNigerianPhone(offered.phone)
                : null,
          )}
          hint="A Nigerian number, for delivery updates."
          error={errors.phone?.[0]}
        />
        <TextField
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          defaultValue={value('dateOfBirth', profile.dateOfBirth)}
          error={errors.dateOfBirth?.[0]}
        />
      </div>
      <fieldset className="space-y-5 rounded-xl border border-ink/10 p-4">
        <legend className="px-1 text-sm font-semibold">Delivery address</legend>
        <TextField
          name="addressStreet"
          label="Street address"
          autoComplete="street-address"
          placeholder="House number and street"
          defaultValue={value('addressStreet', profile.addressStreet ?? address?.street ?? null)}
          error={errors.addressStreet?.[0]}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="addressCity"
            label="City / LGA"
            autoComplete="address-level2"
            defaultValue={value('addressCity', profile.addressCity ?? address?.city ?? null)}
            error={errors.addressCity?.[0]}
          />
          <StateSelect
            defaultValue={value('addressState', profile.addressState ?? address?.state ?? null)}
            error={errors.addressState?.[0]}
          />
        </div>
        <TextField
          name="addressLandmark"
          label="Landmark"
          placeholder="e.g. Opposite Shoprite"
          hint="Helps the rider find you."
          defaultValue={value('addressLandmark', profile.addressLandmark ?? address?.landmark ?? null)}
          error={errors.addressLandmark?.[0]}
        />
      </fieldset>
      <SubmitButton intent="profile" pendingText="Saving…" className="btn-primary">
        Update Profile
      </SubmitButton>
    </Form>
  );
}

export function StateSelect({
  defaultValue,
  error,
  name = 'addressState',
  onChange,
}: {
  defaultValue: string;
  error?: string;
  name?: string;
  onChange?: (state: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`${name}-select`} className="block text-sm font-semibold">
        State
      </label>
      <select
        id={`${name}-select`}
        name={name}
        defaultValue={defaultValue}
        autoComplete="address-level1"
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        className="input mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      >
        <option value="">Choose a state</option>
        {NIGERIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      <FieldNotes id={name} name={name} error={error} />
    </div>
  );
}
