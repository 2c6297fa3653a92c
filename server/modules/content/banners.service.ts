// The Banners screen's rules (issue 13, ADR 031): hero slides and popup banners are created,
// edited, reordered, switched on and off and deleted by those holding `banners.manage`; each
// change is one transaction with its audit record (before and after) and shows on the storefront
// at once (the content cache is emptied).
import { createHash } from 'node:crypto';
import {
  type AdminHeroSlide,
  type AdminPopupBanner,
  HeroSlideInput,
  PopupBannerInput,
  type StorefrontPopup,
} from '#core/contract/banners.ts';
import type { ImageRef } from '#core/contract/catalog.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { TtlCache } from '#server/platform/cache.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  type BannerKind,
  deleteBanner,
  findHeroSlide,
  findPopup,
  type HeroSlideRow,
  insertHeroSlide,
  insertPopup,
  listHeroSlideRows,
  listPopupRows,
  lockOrder,
  type PopupBannerRow,
  setOrder,
  updateHeroSlide,
  updatePopup,
} from './banners.repository.ts';

export type BannerActor = StaffActor;

/** What the banners need of the media module. */
export interface BannerMediaPort {
  find(id: string, into?: Queryable): Promise<ImageRef | null>;
  setAlt(id: string, alt: string, into?: Queryable): Promise<void>;
}

const POPUP_CACHE_MS = 15_000;
const SUBJECT: Record<BannerKind, string> = { hero: 'hero_slide', popup: 'popup_banner' };
const NOUN: Record<BannerKind, string> = { hero: 'Slide', popup: 'Popup' };

function imageOf(r: {
  imageId: string | null;
  alt: string | null;
  width: number | null;
  height: number | null;
}) {
  return r.imageId ? { id: r.imageId, alt: r.alt ?? '', width: r.width ?? 0, height: r.height ?? 0 } : null;
}

/** The values an audit record keeps of a slide or popup (no timestamps of its own). */
function snapshot(row: HeroSlideRow | PopupBannerRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

export function createBannersService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  media: BannerMediaPort;
  /** Empties the storefront's content cache (hero slides). */
  invalidateContent: () => void;
  /** The shared content cache: an invalidation reaches every process (ADR 033). */
  cache?: TtlCache;
}) {
  const { db, audit, media } = deps;
  const cache = deps.cache ?? new TtlCache();

  function changed(): void {
    cache.invalidate('banners:');
    deps.invalidateContent();
  }

  async function record(
    tx: Queryable,
    actor: BannerActor,
    kind: BannerKind,
    verb: string,
    id: number,
    details: Record<string, unknown>,
  ) {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      ip: actor.ip ?? null,
      action: `${SUBJECT[kind]}.${verb}`,
      subjectType: SUBJECT[kind],
      subjectId: id,
      details,
    });
  }

  async function requirePhoto(tx: Queryable, mediaId: string, alt: string): Promise<void> {
    if (!(await media.find(mediaId, tx))) {
      throw new ValidationError('That photo is no longer available. Please upload it again.', {
        photos: ['Please upload the photo again.'],
      });
    }
    await media.setAlt(mediaId, alt, tx);
  }

  return {
    async listSlides(): Promise<AdminHeroSlide[]> {
      const rows = await listHeroSlideRows(db);
      return rows.map((r) => ({
        id: r.slide.id,
        title: r.slide.title,
        subtitle: r.slide.subtitle,
        ctaText: r.slide.ctaText,
        ctaLink: r.slide.ctaLink,
        image: imageOf(r)!,
        position: r.slide.position,
        isActive: r.slide.isActive,
        startsAt: r.slide.startsAt?.toISOString() ?? null,
        endsAt: r.slide.endsAt?.toISOString() ?? null,
      }));
    },

    async listPopups(): Promise<AdminPopupBanner[]> {
      const rows = await listPopupRows(db);
      return rows.map((r) => ({
        id: r.popup.id,
        title: r.popup.title,
        message: r.popup.message,
        link: r.popup.link,
        linkText: r.popup.linkText,
        image: imageOf(r),
        position: r.popup.position,
        isActive: r.popup.isActive,
        oncePerSession: r.popup.oncePerSession,
      }));
    },

    /** Creates (id null) or changes a hero slide; returns its id. Refusals are ValidationErrors. */
    async saveSlide(id: number | null, input: unknown, actor: BannerActor): Promise<number> {
      assertCan(actor, 'banners.manage', 'Only an admin can change the banners.');
      const v = parseInput(HeroSlideInput, input);
      const values = {
        title: v.title,
        subtitle: v.subtitle,
        ctaText: v.ctaText,
        ctaLink: v.ctaLink,
        mediaId: v.mediaId,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        isActive: v.isActive,
      };
      const saved = await db.transaction(async (tx) => {
        await requirePhoto(tx, v.mediaId, v.alt);
        if (id === null) {
          const row = await insertHeroSlide(tx, values);
          await record(tx, actor, 'hero', 'create', row.id, { after: snapshot(row) });
          return row.id;
        }
        const before = await findHeroSlide(tx, id, true);
        if (!before) throw new NotFoundError('That slide no longer exists.');
        const after = await updateHeroSlide(tx, id, values);
        await record(tx, actor, 'hero', 'update', id, { before: snapshot(before), after: snapshot(after!) });
        return id;
      });
      changed();
      return saved;
    },

    /** Creates (id null) or changes a popup banner; returns its id. */
    async savePopup(id: number | null, input: unknown, actor: BannerActor): Promise<number> {
      assertCan(actor, 'banners.manage', 'Only an admin can change the banners.');
      const v = parseInput(PopupBannerInput, input);
      if (v.link && !v.linkText) {
        throw new ValidationError('Please give the button a text, or leave the link empty.', {
          linkText: ['Please give the button a text, e.g. Shop the sale.'],
        });
      }
      const values = {
        title: v.title,
        message: v.message,
        link: v.link,
        linkText: v.link ? v.linkText : '',
        mediaId: v.mediaId || null,
        isActive: v.isActive,
        oncePerSession: v.oncePerSession,
      };
      const saved = await db.transaction(async (tx) => {
        if (v.mediaId) await requirePhoto(tx, v.mediaId, v.alt);
        if (id === null) {
          const row = await insertPopup(tx, values);
          await record(tx, actor, 'popup', 'create', row.id, { after: snapshot(row) });
          return row.id;
        }
        const before = await findPopup(tx, id, true);
        if (!before) throw new NotFoundError('That popup no longer exists.');
        const after = await updatePopup(tx, id, values);
        await record(tx, actor, 'popup', 'update', id, { before: snapshot(before), after: snapshot(after!) });
        return id;
      });
      changed();
      return saved;
    },

    /** Moves a slide or popup one place up or down the list. */
    async move(kind: BannerKind, id: number, direction: 'up' | 'down', actor: BannerActor): Promise<void> {
      assertCan(actor, 'banners.manage', 'Only an admin can change the banners.');
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, kind);
        const from = order.indexOf(id);
        if (from < 0) throw new NotFoundError(`That ${NOUN[kind].toLowerCase()} no longer exists.`);
        const to = direction === 'up' ? from - 1 : from + 1;
        if (to < 0 || to >= order.length) return;
        const before = [...order];
        order.splice(from, 1);
        order.splice(to, 0, id);
        await setOrder(tx, kind, order);
        await record(tx, actor, kind, 'move', id, { before: { order: before }, after: { order } });
      });
      changed();
    },

    async setActive(kind: BannerKind, id: number, active: boolean, actor: BannerActor): Promise<void> {
      assertCan(actor, 'banners.manage', 'Only an admin can change the banners.');
      await db.transaction(async (tx) => {
        const before = kind === 'hero' ? await findHeroSlide(tx, id, true) : await findPopup(tx, id, true);
        if (!before) throw new NotFoundError(`That ${NOUN[kind].toLowerCase()} no longer exists.`);
        if (before.isActive === active) return;
        if (kind === 'hero') await updateHeroSlide(tx, id, { isActive: active });
        else await updatePopup(tx, id, { isActive: active });
        await record(tx, actor, kind, active ? 'activate' : 'deactivate', id, {
          before: { isActive: before.isActive },
          after: { isActive: active },
        });
      });
      changed();
    },

    async remove(kind: BannerKind, id: number, actor: BannerActor): Promise<void> {
      assertCan(actor, 'banners.manage', 'Only an admin can change the banners.');
      await db.transaction(async (tx) => {
        const before = kind === 'hero' ? await findHeroSlide(tx, id, true) : await findPopup(tx, id, true);
        if (!before) throw new NotFoundError(`That ${NOUN[kind].toLowerCase()} no longer exists.`);
        await deleteBanner(tx, kind, id);
        await record(tx, actor, kind, 'delete', id, { before: snapshot(before) });
      });
      changed();
    },

    /** The popup the storefront shows: the first active one, or null. */
    activePopup(): Promise<StorefrontPopup | null> {
      return cache.get('banners:popup', POPUP_CACHE_MS, async () => {
        const [r] = await listPopupRows(db, { activeOnly: true });
        if (!r) return null;
        const p = r.popup;
        const version = createHash('sha256')
          .update(`${p.id}|${p.updatedAt.toISOString()}`)
          .digest('hex')
          .slice(0, 12);
        return {
          id: p.id,
          title: p.title,
          message: p.message,
          link: p.link,
          linkText: p.linkText,
          image: imageOf(r),
          oncePerSession: p.oncePerSession,
          version,
        };
      });
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
