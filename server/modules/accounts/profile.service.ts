// The signed-in shopper's own details: profile, notification settings and the saved wishlist.

import { toRole } from '#core/account.ts';
import {
  NotificationSettingsInput,
  type Profile,
  UpdateProfileInput,
  WishlistInput,
} from '#core/contract/account.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { accountCacheKey, type TtlCache } from '#server/platform/cache.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  addWishlistProducts,
  findUserById,
  listWishlistProductIds,
  removeWishlistProducts,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';

function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: toRole(user.role),
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    addressStreet: user.addressStreet,
    addressCity: user.addressCity,
    addressState: user.addressState,
    addressLandmark: user.addressLandmark,
    notifyOrderUpdates: user.notifyOrderUpdates,
    notifyPromotions: user.notifyPromotions,
    notifyBackInStock: user.notifyBackInStock,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * What an empty profile is offered from the account's latest order (ADR 065: a guest order joined
 * at confirmation counts): its phone if the profile has none, its address if the profile has none.
 * Offered, not saved: the shopper keeps it by saving the form.
 */
export interface ProfileOffer {
  trackingNumber: string;
  phone: string | null;
  address: { street: string; city: string; state: string; landmark: string | null } | null;
}

/** The orders module's port: the phone and address of the account's latest order. */
export type LatestOrderContact = (
  q: Queryable,
  userId: number,
) => Promise<{
  trackingNumber: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  landmark: string | null;
} | null>;

/** Most products a wishlist keeps (oldest beyond it are not added). */
export const WISHLIST_LIMIT = 200;

/**
 * The newsletter's side of the "promotional emails" box (ADR 036): the box is the subscription
 * of the account's address. Answers where the subscription now stands.
 */
export interface PromotionsNewsletterPort {
  setForAccount(
    q: Queryable,
    account: { email: string; emailVerified: boolean },
    want: boolean,
  ): Promise<'subscribed' | 'pending' | 'off'>;
}

/** How long a shopper's saved products are kept in memory at most (every change forgets them at once). */
const WISHLIST_CACHE_MS = 10 * 60_000;

export function createProfileService(deps: {
  db: Db;
  newsletter?: PromotionsNewsletterPort;
  /**
   * Per-account data on the cache bus (ADR 053): the saved products, under 'account:<id>:', which
   * the database's own notice forgets whenever the account's wishlist rows change (migration 0018).
   * Absent: read every time.
   */
  accountCache?: TtlCache;
  /** The orders module's port for the profile's offer (absent: nothing is offered). */
  latestOrderContact?: LatestOrderContact;
}) {
  const { db, accountCache } = deps;

  async function requireUserRow(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
    return user;
  }

  return {
    async getProfile(userId: number): Promise<Profile> {
      return toProfile(await requireUserRow(userId));
    },

    /** What the profile form is offered from the latest order, or null when the profile lacks nothing. */
    async profileOffer(profile: Profile): Promise<ProfileOffer | null> {
      const needsPhone = !profile.phone;
      const needsAddress = !profile.addressStreet && !profile.addressCity && !profile.addressState;
      if ((!needsPhone && !needsAddress) || !deps.latestOrderContact) return null;
      const latest = await deps.latestOrderContact(db, profile.id);
      if (!latest) return null;
      return {
        trackingNumber: latest.trackingNumber,
        phone: needsPhone ? latest.phone : null,
        address: needsAddress
          ? { street: latest.street, city: latest.city, state: latest.state, landmark: latest.landmark }
          : null,
      };
    },

    async updateProfile(userId: number, input: unknown): Promise<Profile> {
      const user = await updateUser(db, userId, parseInput(UpdateProfileInput, input));
      if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
      return toProfile(user);
    },

    /**
     * Saves the three boxes. "Promotional emails" subscribes or unsubscribes the account's address
     * in the same transaction and is stored as on only once the address is subscribed;
     * `promotions` says where that stands ('pending': a confirmation link was emailed).
     */
    async updateNotifications(
      userId: number,
      input: unknown,
    ): Promise<Profile & { promotions: 'subscribed' | 'pending' | 'off' }> {
      const values = parseInput(NotificationSettingsInput, input);
      return db.transaction(async (tx) => {
        const current = await findUserById(tx, userId);
        if (!current) throw new NotFoundError('We could not find your account. Please sign in again.');
        const promotions = deps.newsletter
          ? await deps.newsletter.setForAccount(
              tx,
              { email: current.email, emailVerified: current.emailVerifiedAt !== null },
              values.notifyPromotions,
            )
          : values.notifyPromotions
            ? 'subscribed'
            : 'off';
        const user = await updateUser(tx, userId, {
          ...values,
          notifyPromotions: promotions === 'subscribed',
        });
        if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
        return { ...toProfile(user), promotions };
      });
    },

    /** The account's saved products, oldest first (the product page's heart asks on every view). */
    async listWishlist(userId: number): Promise<number[]> {
      if (!accountCache) return listWishlistProductIds(db, userId);
      return accountCache.get(`${accountCacheKey(userId)}wishlist`, WISHLIST_CACHE_MS, () =>
        listWishlistProductIds(db, userId),
      );
    },

    /** Adds products (merging a guest wishlist on sign-in, or one heart tapped). */
    async addToWishlist(userId: number, input: unknown): Promise<number[]> {
      const { productIds } = parseInput(WishlistInput, input);
      const existing = await listWishlistProductIds(db, userId);
      const room = Math.max(0, WISHLIST_LIMIT - existing.length);
      const fresh = [...new Set(productIds)].filter((id) => !existing.includes(id)).slice(0, room);
      await addWishlistProducts(db, userId, fresh);
      accountCache?.forget(accountCacheKey(userId));
      return listWishlistProductIds(db, userId);
    },

    async removeFromWishlist(userId: number, input: unknown): Promise<number[]> {
      await removeWishlistProducts(db, userId, parseInput(WishlistInput, input).productIds);
      accountCache?.forget(accountCacheKey(userId));
      return listWishlistProductIds(db, userId);
    },
  };
}
