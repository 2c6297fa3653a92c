// What the hero slide form and the popup form share, written once: the form (kind, id, the refusal
// at its top, Save and Cancel), the title, a labelled field with its hint and error, the checkboxes,
// and the one photo with its error. A refused save shows what was typed, not what is saved.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { PhotoManager } from '#app/features/admin/ui/photo-manager.tsx';
import type { BannersFailure, BannerTab } from './banners-page.tsx';

/** The value a field shows: as typed in a refused save, else as saved. */
export function typedOr(failure: BannersFailure | null, name: string, saved: string): string {
  return failure?.values[name] ?? saved;
}

export function Field({
  name,
  label,
  failure,
  hint,
  children,
}: {
  name: string;
  label: string;
  failure: BannersFailure | null;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errors = failure?.fieldErrors[name] ?? [];
  const id = `banner-${name}`;
  const described = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(errors.length ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A one-line field: its value as typed in a refused save, else `saved`. */
export function TextField({
  name,
  label,
  failure,
  hint,
  saved,
  required,
  maxLength,
  type,
}: {
  name: string;
  label: string;
  failure: BannersFailure | null;
  hint?: string;
  saved: string;
  required?: boolean;
  maxLength?: number;
  type?: 'datetime-local';
}) {
  return (
    <Field name={name} label={label} failure={failure} hint={hint}>
      {(p) => (
        <input
          {...p}
          type={type}
          name={name}
          required={required}
          maxLength={maxLength}
          defaultValue={typedOr(failure, name, saved)}
          className="input mt-1 w-full"
        />
      )}
    </Field>
  );
}

export interface BannerCheck {
  name: string;
  label: string;
  /** Whether it is ticked as saved (a new banner: the default). */
  saved: boolean;
}

/**
 * One banner's form: the title, then `children` (the fields of its kind), the checkboxes and the
 * photo. `banner` is the saved one (null for a new one).
 */
export function BannerForm({
  kind,
  banner,
  isNew,
  failure,
  heading,
  checks,
  photo,
  children,
}: {
  kind: BannerTab;
  banner: { id: number; title: string; image: { id: string; alt: string } | null } | null;
  isNew: boolean;
  failure: BannersFailure | null;
  heading: string;
  checks: BannerCheck[];
  photo: { label: string; size: { width: number; height: number } };
  children: ReactNode;
}) {
  const id = isNew ? null : (banner?.id ?? null);
  const typed = failure?.values;
  const photos = failure?.photos ?? (banner?.image ? [{ id: banner.image.id, alt: banner.image.alt }] : []);
  const photoErrors = failure?.fieldErrors.photos ?? failure?.fieldErrors.mediaId ?? [];
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4 rounded-xl border border-ink/10 bg-white p-4"
      noValidate
    >
      <h2 className="font-display text-xl font-semibold">{heading}</h2>
      {failure && (
        <p role="alert" className="rounded-lg bg-sale/10 p-3 text-sale">
          {failure.message}
        </p>
      )}
      <input type="hidden" name="kind" value={kind} />
      {id !== null && <input type="hidden" name="id" value={id} />}
      <TextField
        name="title"
        label="Title"
        failure={failure}
        saved={banner?.title ?? ''}
        required
        maxLength={80}
      />
      {children}
      {checks.map((check) => (
        <label key={check.name} className="flex items-center gap-2">
          <input
            type="checkbox"
            name={check.name}
            defaultChecked={typed ? typed[check.name] === 'on' : check.saved}
            className="h-4 w-4"
          />
          <span>{check.label}</span>
        </label>
      ))}
      <div>
        <PhotoManager
          initial={photos}
          max={1}
          label={photo.label}
          hint={`Recommended: ${photo.size.width} × ${photo.size.height} pixels`}
        />
        {photoErrors.length > 0 && <p className="mt-1 text-sm text-sale">{photoErrors.join(' ')}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" className="btn-primary">
          Save
        </button>
        <Link to={`/admin/banners?tab=${kind}`} className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
