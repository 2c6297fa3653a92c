// The hero slide form: beside the shared title, checkbox and photo (banner-form.tsx), a slide has a
// subtitle, a button (text and link) and an optional showing window in Lagos time.
import { type AdminHeroSlide, HERO_IMAGE_SIZE, toLagosLocal } from '#core/contract/banners.ts';
import { BannerForm, TextField } from './banner-form.tsx';
import type { BannersFailure } from './banners-page.tsx';

export function SlideForm({
  slide,
  isNew,
  failure,
}: {
  slide: AdminHeroSlide | null;
  isNew: boolean;
  failure: BannersFailure | null;
}) {
  return (
    <BannerForm
      kind="hero"
      banner={slide}
      isNew={isNew}
      failure={failure}
      heading={isNew ? 'Add a hero slide' : 'Edit hero slide'}
      checks={[
        { name: 'isActive', label: 'Active (shown on the home page)', saved: slide?.isActive ?? true },
      ]}
      photo={{ label: 'Slide photo', size: HERO_IMAGE_SIZE }}
    >
      <TextField
        name="subtitle"
        label="Subtitle"
        failure={failure}
        saved={slide?.subtitle ?? ''}
        maxLength={160}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="ctaText"
          label="Button text"
          failure={failure}
          saved={slide?.ctaText ?? 'Shop now'}
          required
          maxLength={30}
        />
        <TextField
          name="ctaLink"
          label="Button link"
          failure={failure}
          hint="A page of this shop, e.g. /collections?category=wigs, or an https:// address"
          saved={slide?.ctaLink ?? '/collections'}
          required
        />
        <TextField
          type="datetime-local"
          name="startsAt"
          label="Show from (optional)"
          failure={failure}
          hint="Lagos time; empty: at once"
          saved={slide?.startsAt ? toLagosLocal(new Date(slide.startsAt)) : ''}
        />
        <TextField
          type="datetime-local"
          name="endsAt"
          label="Show until (optional)"
          failure={failure}
          hint="Lagos time; empty: until you deactivate it"
          saved={slide?.endsAt ? toLagosLocal(new Date(slide.endsAt)) : ''}
        />
      </div>
    </BannerForm>
  );
}
