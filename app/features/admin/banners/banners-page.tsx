// The Banners screen (issue 13): two tabs, Hero Slider and Popup Banners, each a list with add,
// edit, reorder, activate/deactivate and delete, and the form for one slide or popup.
import { Form, Link } from 'react-router';
import { ConfirmStep } from '#app/features/admin/ui/confirm-step.tsx';
import { EmptyState } from '#app/features/admin/ui/empty-state.tsx';
import { PhotoManager } from '#app/features/admin/ui/photo-manager.tsx';
import { StatusBadge } from '#app/features/admin/ui/status-badge.tsx';
import {
  type AdminHeroSlide,
  type AdminPopupBanner,
  HERO_IMAGE_SIZE,
  POPUP_IMAGE_SIZE,
  toLagosLocal,
} from '#core/contract/banners.ts';
import { mediaUrl } from '#core/media.ts';

export type BannerTab = 'hero' | 'popup';

export interface BannersData {
  tab: BannerTab;
  edit: number | 'new' | null;
  slides: AdminHeroSlide[];
  popups: AdminPopupBanner[];
}

export interface BannersFailure {
  ok: false;
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
  intent?: string;
  kind?: BannerTab;
  id?: number | null;
  photos?: { id: string; alt: string }[];
}

const TABS: { tab: BannerTab; label: string }[] = [
  { tab: 'hero', label: 'Hero Slider' },
  { tab: 'popup', label: 'Popup Banners' },
];

const lagosFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function slideState(
  slide: AdminHeroSlide,
  now = Date.now(),
): { tone: 'success' | 'neutral' | 'warning' | 'info'; label: string } {
  if (!slide.isActive) return { tone: 'neutral', label: 'Inactive' };
  if (slide.startsAt && Date.parse(slide.startsAt) > now) return { tone: 'info', label: 'Scheduled' };
  if (slide.endsAt && Date.parse(slide.endsAt) <= now) return { tone: 'warning', label: 'Ended' };
  return { tone: 'success', label: 'Active' };
}

export function BannersPage({ data, failure }: { data: BannersData; failure: BannersFailure | null }) {
  const { tab } = data;
  const list = tab === 'hero' ? data.slides : data.popups;
  const refusedSave = failure?.intent === 'save' && failure.kind === tab ? failure : null;
  const editing = refusedSave ? (refusedSave.id ?? 'new') : data.edit;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold">Banners</h1>
        {editing === null && (
          <Link to={`/admin/banners?tab=${tab}&edit=new`} className="btn-primary">
            {tab === 'hero' ? 'Add slide' : 'Add popup'}
          </Link>
        )}
      </div>
      <nav aria-label="Banner types" className="flex gap-2 border-b border-ink/10">
        {TABS.map((t) => (
          <Link
            key={t.tab}
            to={`/admin/banners?tab=${t.tab}`}
            aria-current={t.tab === tab ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 font-semibold ${t.tab === tab ? 'border-plum-700 text-plum-900' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>

      {editing !== null ? (
        tab === 'hero' ? (
          <SlideForm
            slide={data.slides.find((s) => s.id === editing) ?? null}
            isNew={editing === 'new'}
            failure={refusedSave}
          />
        ) : (
          <PopupForm
            popup={data.popups.find((p) => p.id === editing) ?? null}
            isNew={editing === 'new'}
            failure={refusedSave}
          />
        )
      ) : list.length === 0 ? (
        <EmptyState title={tab === 'hero' ? 'No hero slides yet' : 'No popup banners yet'}>
          {tab === 'hero'
            ? 'The home page shows no hero until you add a slide.'
            : 'The storefront shows no popup. Add one for a sale or an announcement.'}
        </EmptyState>
      ) : (
        <ul
          className="space-y-3"
          aria-label={tab === 'hero' ? 'Hero slides in display order' : 'Popup banners in order'}
        >
          {tab === 'hero'
            ? data.slides.map((slide, i) => (
                <BannerRow
                  key={slide.id}
                  kind="hero"
                  id={slide.id}
                  index={i}
                  count={data.slides.length}
                  title={slide.title}
                  imageId={slide.image.id}
                  isActive={slide.isActive}
                  state={slideState(slide)}
                  details={[
                    slide.subtitle,
                    `Button: ${slide.ctaText} → ${slide.ctaLink}`,
                    slide.startsAt || slide.endsAt
                      ? `Shown ${slide.startsAt ? `from ${lagosFormat.format(new Date(slide.startsAt))}` : 'now'}${slide.endsAt ? ` until ${lagosFormat.format(new Date(slide.endsAt))}` : ''} (Lagos time)`
                      : '',
                  ]}
                />
              ))
            : data.popups.map((popup, i) => (
                <BannerRow
                  key={popup.id}
                  kind="popup"
                  id={popup.id}
                  index={i}
                  count={data.popups.length}
                  title={popup.title}
                  imageId={popup.image?.id ?? null}
                  isActive={popup.isActive}
                  state={
                    popup.isActive
                      ? {
                          tone: 'success',
                          label: i === firstActive(data.popups) ? 'Showing' : 'Active (waiting)',
                        }
                      : { tone: 'neutral', label: 'Inactive' }
                  }
                  details={[
                    popup.message,
                    popup.link ? `Button: ${popup.linkText} → ${popup.link}` : '',
                    popup.oncePerSession ? 'Once per visit' : 'Each time the shop is opened',
                  ]}
                />
              ))}
        </ul>
      )}
      {tab === 'popup' && editing === null && data.popups.length > 0 && (
        <p className="text-sm text-muted">
          The storefront shows the first active popup, never on the checkout or payment pages.
        </p>
      )}
    </div>
  );
}

function firstActive(popups: AdminPopupBanner[]): number {
  return popups.findIndex((p) => p.isActive);
}

function BannerRow(props: {
  kind: BannerTab;
  id: number;
  index: number;
  count: number;
  title: string;
  imageId: string | null;
  isActive: boolean;
  state: { tone: 'success' | 'neutral' | 'warning' | 'info'; label: string };
  details: string[];
}) {
  const { kind, id, index, count } = props;
  const noun = kind === 'hero' ? 'slide' : 'popup';
  const hidden = (
    <>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
    </>
  );
  return (
    <li className="rounded-xl border border-ink/10 bg-white p-3" data-testid={`${kind}-row`}>
      <div className="flex flex-wrap gap-3">
        {props.imageId ? (
          <img
            src={mediaUrl(props.imageId, 320, 'webp')}
            alt=""
            width={kind === 'hero' ? 144 : 90}
            height={60}
            className="h-15 w-36 shrink-0 rounded object-cover"
          />
        ) : (
          <div className="flex h-15 w-36 shrink-0 items-center justify-center rounded bg-sand text-xs text-muted">
            No photo
          </div>
        )}
        <div className="min-w-0 flex-1 basis-48">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words font-semibold">{props.title}</h2>
            <StatusBadge tone={props.state.tone}>{props.state.label}</StatusBadge>
          </div>
          {props.details.filter(Boolean).map((line) => (
            <p key={line} className="break-words text-sm text-muted">
              {line}
            </p>
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <Link
          to={`/admin/banners?tab=${kind}&edit=${id}`}
          className="btn-outline"
          aria-label={`Edit ${noun} ${props.title}`}
        >
          Edit
        </Link>
        <Form method="post" className="contents">
          {hidden}
          <button
            type="submit"
            name="intent"
            value="move-up"
            className="btn-outline"
            disabled={index === 0}
            aria-label={`Move ${noun} ${props.title} up`}
          >
            Up
          </button>
          <button
            type="submit"
            name="intent"
            value="move-down"
            className="btn-outline"
            disabled={index === count - 1}
            aria-label={`Move ${noun} ${props.title} down`}
          >
            Down
          </button>
          <button
            type="submit"
            name="intent"
            value={props.isActive ? 'deactivate' : 'activate'}
            className="btn-outline"
          >
            {props.isActive ? 'Deactivate' : 'Activate'}
          </button>
        </Form>
        <ConfirmStep
          label="Delete"
          question={`Are you sure you want to delete this ${noun}?`}
          confirmLabel={`Yes, delete this ${noun}`}
          intent="delete"
          testId={`delete-${kind}-${id}`}
        >
          {hidden}
        </ConfirmStep>
      </div>
    </li>
  );
}

function Field({
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
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
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

function FormShell({
  kind,
  id,
  failure,
  title,
  children,
}: {
  kind: BannerTab;
  id: number | null;
  failure: BannersFailure | null;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4 rounded-xl border border-ink/10 bg-white p-4"
      noValidate
    >
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      {failure && (
        <p role="alert" className="rounded-lg bg-sale/10 p-3 text-sale">
          {failure.message}
        </p>
      )}
      <input type="hidden" name="kind" value={kind} />
      {id !== null && <input type="hidden" name="id" value={id} />}
      {children}
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

function SlideForm({
  slide,
  isNew,
  failure,
}: {
  slide: AdminHeroSlide | null;
  isNew: boolean;
  failure: BannersFailure | null;
}) {
  const v = failure?.values;
  const value = (name: string, fallback: string) => v?.[name] ?? fallback;
  const photos = failure?.photos ?? (slide ? [{ id: slide.image.id, alt: slide.image.alt }] : []);
  return (
    <FormShell
      kind="hero"
      id={isNew ? null : (slide?.id ?? null)}
      failure={failure}
      title={isNew ? 'Add a hero slide' : 'Edit hero slide'}
    >
      <Field name="title" label="Title" failure={failure}>
        {(p) => (
          <input
            {...p}
            name="title"
            required
            maxLength={80}
            defaultValue={value('title', slide?.title ?? '')}
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <Field name="subtitle" label="Subtitle" failure={failure}>
        {(p) => (
          <input
            {...p}
            name="subtitle"
            maxLength={160}
            defaultValue={value('subtitle', slide?.subtitle ?? '')}
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="ctaText" label="Button text" failure={failure}>
          {(p) => (
            <input
              {...p}
              name="ctaText"
              required
              maxLength={30}
              defaultValue={value('ctaText', slide?.ctaText ?? 'Shop now')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <Field
          name="ctaLink"
          label="Button link"
          failure={failure}
          hint="A page of this shop, e.g. /collections?category=wigs, or an https:// address"
        >
          {(p) => (
            <input
              {...p}
              name="ctaLink"
              required
              defaultValue={value('ctaLink', slide?.ctaLink ?? '/collections')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <Field
          name="startsAt"
          label="Show from (optional)"
          failure={failure}
          hint="Lagos time; empty: at once"
        >
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              name="startsAt"
              defaultValue={value('startsAt', slide?.startsAt ? toLagosLocal(new Date(slide.startsAt)) : '')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <Field
          name="endsAt"
          label="Show until (optional)"
          failure={failure}
          hint="Lagos time; empty: until you deactivate it"
        >
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              name="endsAt"
              defaultValue={value('endsAt', slide?.endsAt ? toLagosLocal(new Date(slide.endsAt)) : '')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
      </div>
      <Active
        name="isActive"
        label="Active (shown on the home page)"
        checked={v ? v.isActive === 'on' : (slide?.isActive ?? true)}
      />
      <PhotoBlock failure={failure}>
        <PhotoManager
          initial={photos}
          max={1}
          label="Slide photo"
          hint={`Recommended: ${HERO_IMAGE_SIZE.width} × ${HERO_IMAGE_SIZE.height} pixels`}
        />
      </PhotoBlock>
    </FormShell>
  );
}

function PopupForm({
  popup,
  isNew,
  failure,
}: {
  popup: AdminPopupBanner | null;
  isNew: boolean;
  failure: BannersFailure | null;
}) {
  const v = failure?.values;
  const value = (name: string, fallback: string) => v?.[name] ?? fallback;
  const photos = failure?.photos ?? (popup?.image ? [{ id: popup.image.id, alt: popup.image.alt }] : []);
  return (
    <FormShell
      kind="popup"
      id={isNew ? null : (popup?.id ?? null)}
      failure={failure}
      title={isNew ? 'Add a popup banner' : 'Edit popup banner'}
    >
      <Field name="title" label="Title" failure={failure}>
        {(p) => (
          <input
            {...p}
            name="title"
            required
            maxLength={80}
            defaultValue={value('title', popup?.title ?? '')}
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <Field name="message" label="Message" failure={failure}>
        {(p) => (
          <textarea
            {...p}
            name="message"
            rows={3}
            maxLength={400}
            defaultValue={value('message', popup?.message ?? '')}
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="link"
          label="Link (optional)"
          failure={failure}
          hint="A page of this shop, e.g. /collections?category=sale, or an https:// address"
        >
          {(p) => (
            <input
              {...p}
              name="link"
              defaultValue={value('link', popup?.link ?? '')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
        <Field
          name="linkText"
          label="Button text"
          failure={failure}
          hint="Needed with a link, e.g. Shop the sale"
        >
          {(p) => (
            <input
              {...p}
              name="linkText"
              maxLength={30}
              defaultValue={value('linkText', popup?.linkText ?? '')}
              className="input mt-1 w-full"
            />
          )}
        </Field>
      </div>
      <Active
        name="isActive"
        label="Active (shown on the storefront)"
        checked={v ? v.isActive === 'on' : (popup?.isActive ?? true)}
      />
      <Active
        name="oncePerSession"
        label="Show once per session (otherwise each time the shop is opened)"
        checked={v ? v.oncePerSession === 'on' : (popup?.oncePerSession ?? true)}
      />
      <PhotoBlock failure={failure}>
        <PhotoManager
          initial={photos}
          max={1}
          label="Popup photo (optional)"
          hint={`Recommended: ${POPUP_IMAGE_SIZE.width} × ${POPUP_IMAGE_SIZE.height} pixels`}
        />
      </PhotoBlock>
    </FormShell>
  );
}

function Active({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4" />
      <span>{label}</span>
    </label>
  );
}

function PhotoBlock({ failure, children }: { failure: BannersFailure | null; children: React.ReactNode }) {
  const errors = failure?.fieldErrors.photos ?? failure?.fieldErrors.mediaId ?? [];
  return (
    <div>
      {children}
      {errors.length > 0 && <p className="mt-1 text-sm text-sale">{errors.join(' ')}</p>}
    </div>
  );
}
