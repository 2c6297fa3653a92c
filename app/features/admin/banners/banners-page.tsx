// The Banners screen (issue 13): two tabs, Hero Slider and Popup Banners, each a list with add,
// edit, reorder, activate/deactivate and delete (banner-row.tsx), and the form for one slide or
// popup (slide-form.tsx, popup-form.tsx, sharing banner-form.tsx).
import { Link } from 'react-router';
import { EmptyState } from '#app/features/admin/ui/empty-state.tsx';
import type { AdminHeroSlide, AdminPopupBanner } from '#core/contract/banners.ts';
import { BannerRow } from './banner-row.tsx';
import { PopupForm } from './popup-form.tsx';
import { SlideForm } from './slide-form.tsx';

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
