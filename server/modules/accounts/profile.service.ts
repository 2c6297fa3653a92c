// The signed-in shopper's own details: profile, notification settings and the saved wishlist.

import { toRole } from '#core/account.ts';
import {
  NotificationSettingsInput,
  type Profile,
  UpdateProfileInput,
  WishlistInput,
} from '#core/contract/account.ts';
import type { Db } from '#server/db/client.ts';
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

/** Most products a wishlist keeps (oldest beyond it are not added). */
export const WISHLIST_LIMIT = 200;

export function createProfileService(deps: { db: Db }) {
  const { db } = deps;

  async function requireUserRow(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
    return user;
  }

  return {
    async getProfile(userId: number): Promise<Profile> {
      return toProfile(await requireUserRow(userId));
    },

    async updateProfile(userId: number, input: unknown): Promise<Profile> {
      const user = await updateUser(db, userId, parseInput(UpdateProfileInput, input));
      if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
      return toProfile(user);
    },

    async updateNotifications(userId: number, input: unknown): Promise<Profile> {
      const user = await updateUser(db, userId, parseInput(NotificationSettingsInput, input));
      if (!user) throw new NotFoundError('We could not find your account. Please sign in again.');
      return toProfile(user);
    },

    async listWishlist(userId: number): Promise<number[]> {
      return listWishlistProductIds(db, userId);
    },

    /** Adds products (merging a guest wishlist on sign-in, or one heart tapped). */
    async addToWishlist(userId: number, input: unknown): Promise<number[]> {
      const { productIds } = parseInput(WishlistInput, input);
      const existing = await listWishlistProductIds(db, userId);
      const room = Math.max(0, WISHLIST_LIMIT - existing.length);
      const fresh = [...new Set(productIds)].filter((id) => !existing.includes(id)).slice(0, room);
      await addWishlistProducts(db, userId, fresh);
      return listWishlistProductIds(db, userId);
    },

    async removeFromWishlist(userId: number, input: unknown): Promise<number[]> {
      await removeWishlistProducts(db, userId, parseInput(WishlistInput, input).productIds);
      return listWishlistProductIds(db, userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
