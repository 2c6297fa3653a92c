// The popup banner form: beside the shared title, checkboxes and photo (banner-form.tsx), a popup
// has a message, an optional link with its button text, and whether it shows once per visit.
import { type AdminPopupBanner, POPUP_IMAGE_SIZE } from '#core/contract/banners.ts';
import { BannerForm, Field, TextField, typedOr } from './banner-form.tsx';
import type { BannersFailure } from './banners-page.tsx';

export function PopupForm({
  popup,
  isNew,
  failure,
}: {
  popup: AdminPopupBanner | null;
  isNew: boolean;
  failure: BannersFailure | null;
}) {
  return (
    <BannerForm
      kind="popup"
      banner={popup}
      isNew={isNew}
      failure={failure}
      heading={isNew ? 'Add a popup banner' : 'Edit popup banner'}
      checks={[
        { name: 'isActive', label: 'Active (shown on the storefront)', saved: popup?.isActive ?? true },
        {
          name: 'oncePerSession',
          label: 'Show once per session (otherwise each time the shop is opened)',
          saved: popup?.oncePerSession ?? true,
        },
      ]}
      photo={{ label: 'Popup photo (optional)', size: POPUP_IMAGE_SIZE }}
    >
      <Field name="message" label="Message" failure={failure}>
        {(p) => (
          <textarea
            {...p}
            name="message"
            rows={3}
            maxLength={400}
            defaultValue={typedOr(failure, 'message', popup?.message ?? '')}
            className="input mt-1 w-full"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="link"
          label="Link (optional)"
          failure={failure}
          hint="A page of this shop, e.g. /collections?category=sale, or an https:// address"
          saved={popup?.link ?? ''}
        />
        <TextField
          name="linkText"
          label="Button text"
          failure={failure}
          hint="Needed with a link, e.g. Shop the sale"
          saved={popup?.linkText ?? ''}
          maxLength={30}
        />
      </div>
    </BannerForm>
  );
}
