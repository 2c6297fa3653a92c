// Shop-wide content: hero slides, display currencies and the shop's contact details.
import type { HeroSlide } from '#core/contract/catalog.ts';
import { type Currency, DEFAULT_CURRENCIES } from '#core/money.ts';
import type { Queryable } from '#server/db/client.ts';
import { TtlCache } from '#server/platform/cache.ts';
import {
  ensureSetting,
  getSettings,
  listActiveHeroSlides,
  listCurrencies,
  putSetting,
} from './content.repository.ts';

export interface StoreInfo {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  instagram: string;
  facebook: string;
  tiktok: string;
  /** Where bank-transfer orders are paid. */
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  usesSampleData: boolean;
}

export const STORE_SETTING_DEFAULTS: Record<keyof StoreInfo, string> = {
  name: 'Crown Hair',
  email: 'hello@crownhair.ng',
  phone: '+234 803 123 4567',
  whatsapp: '2348031234567',
  address: '12 Admiralty Way, Lekki Phase 1, Lagos',
  instagram: 'https://www.instagram.com/crownhair.ng',
  facebook: 'https://www.facebook.com/crownhair.ng',
  tiktok: 'https://www.tiktok.com/@crownhair.ng',
  bankName: 'Access Bank',
  bankAccountName: 'Crown Hair Ltd',
  bankAccountNumber: '0123456789',
  usesSampleData: 'false',
};

const SETTING_KEYS = Object.keys(STORE_SETTING_DEFAULTS).map((k) => `store.${k}`);

/** Set once, when the owner takes the shop over: demo mode has ended for good (ADR 016). */
const DEMO_ENDED_KEY = 'demo.endedAt';

/** Hero slides, currencies and store settings change rarely; serve them from memory this long. */
export const CONTENT_CACHE_MS = 15_000;

export function createContentService(deps: { db: Queryable; cache?: TtlCache }) {
  const { db } = deps;
  const cache = deps.cache ?? new TtlCache();
  return {
    listHeroSlides(): Promise<HeroSlide[]> {
      return cache.get('content:hero', CONTENT_CACHE_MS, () => listActiveHeroSlides(db));
    },

    listCurrencies(): Promise<Currency[]> {
      return cache.get('content:currencies', CONTENT_CACHE_MS, async () => {
        const rows = await listCurrencies(db);
        return rows.length > 0 ? rows : [...DEFAULT_CURRENCIES];
      });
    },

    /** A shop-wide secret, made once and shared by every process (e.g. the sandbox's signing key). */
    ensureSecret(key: string, make: () => string): Promise<string> {
      return ensureSetting(db, `secret.${key}`, make());
    },

    /** Whether the owner has taken the shop over, ending demo mode for good (ADR 016). */
    async isDemoEnded(): Promise<boolean> {
      const stored = await cache.get('content:demo-ended', CONTENT_CACHE_MS, () =>
        getSettings(db, [DEMO_ENDED_KEY]),
      );
      return stored.has(DEMO_ENDED_KEY);
    },

    /** When demo mode ended and why ('admin:create', 'ADMIN_EMAIL'), or null while it has not. */
    async demoEnded(): Promise<{ at: Date; reason: string } | null> {
      const stored = (await getSettings(db, [DEMO_ENDED_KEY])).get(DEMO_ENDED_KEY);
      if (!stored) return null;
      try {
        const parsed = JSON.parse(stored) as { at?: string; reason?: string };
        const at = new Date(parsed.at ?? '');
        return { at: Number.isNaN(at.getTime()) ? new Date(0) : at, reason: parsed.reason ?? '' };
      } catch {
        return { at: new Date(0), reason: '' };
      }
    },

    /**
     * Facts the shop records about itself in the settings table, by key (the launch checklist's,
     * ADR 071): read uncached, so every process sees the latest.
     */
    facts(keys: readonly string[]): Promise<Map<string, string>> {
      return getSettings(db, keys);
    },

    /** Records one such fact (made or replaced). */
    recordFact(key: string, value: string): Promise<void> {
      return putSetting(db, key, value);
    },

    /** Records that demo mode has ended (the first time only; it never starts again). */
    async endDemo(reason: string): Promise<void> {
      await ensureSetting(db, DEMO_ENDED_KEY, JSON.stringify({ at: new Date().toISOString(), reason }));
      cache.invalidate('content:');
    },

    /** Call after changing slides, currencies or settings, so this process shows it at once. */
    invalidate(): void {
      cache.invalidate('content:');
    },

    async getStoreInfo(): Promise<StoreInfo> {
      const stored = await cache.get('content:settings', CONTENT_CACHE_MS, () =>
        getSettings(db, SETTING_KEYS),
      );
      const value = (k: keyof StoreInfo) => stored.get(`store.${k}`) ?? STORE_SETTING_DEFAULTS[k];
      return {
        name: value('name'),
        email: value('email'),
        phone: value('phone'),
        whatsapp: value('whatsapp'),
        address: value('address'),
        instagram: value('instagram'),
        facebook: value('facebook'),
        tiktok: value('tiktok'),
        bankName: value('bankName'),
        bankAccountName: value('bankAccountName'),
        bankAccountNumber: value('bankAccountNumber'),
        usesSampleData: value('usesSampleData') === 'true',
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
