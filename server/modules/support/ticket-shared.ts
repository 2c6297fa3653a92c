// What both sides of support tickets share — the customer's (support.service.ts) and the staff's
// (admin-support.service.ts): a photo checked by content and re-encoded for private storage
// (ADR 035), the thread as a viewer sees it, and the link an email about a ticket sends its
// customer to (a guest's private link: the token emailed, only its hash stored).
import { randomUUID } from 'node:crypto';
import type { TicketMessage } from '#core/contract/support.ts';
import type { Queryable } from '#server/db/client.ts';
import { cleanImage } from '#server/modules/media/media.service.ts';
import { newToken } from '#server/platform/auth/tokens.ts';
import { ValidationError } from '#server/platform/errors.ts';
import { insertLink, type MessageRow, type TicketRow } from './support.repository.ts';

export const SUPPORT_SHOP_NAME = 'Crown Hair';
const PHOTO_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A photo the customer or staff attached, checked and re-encoded, ready to store. */
export interface CleanPhoto {
  data: Buffer;
  contentType: string;
  key: string;
}

/** Checks a photo by its content and re-encodes it (refusals are 400s); null when none was sent. */
export async function cleanPhoto(bytes: Buffer | null | undefined): Promise<CleanPhoto | null> {
  if (!bytes || bytes.byteLength === 0) return null;
  let image: Awaited<ReturnType<typeof cleanImage>>;
  try {
    image = await cleanImage(bytes);
  } catch (error) {
    // The form shows the refusal beside the photo field.
    if (error instanceof ValidationError)
      throw new ValidationError(error.message, { photo: [error.message] });
    throw error;
  }
  return {
    data: image.data,
    contentType: PHOTO_TYPES[image.ext],
    key: `private/tickets/${randomUUID()}.${image.ext}`,
  };
}

/** Turns rows into the thread a viewer sees; `photoUrl` says where each photo is served for them. */
export function threadOf(
  ticket: TicketRow,
  rows: MessageRow[],
  photoUrl: (messageId: number) => string,
  staffName: (userId: number | null) => string = () => SUPPORT_SHOP_NAME,
): TicketMessage[] {
  return rows.map((m) => ({
    id: m.id,
    author: m.authorKind as 'customer' | 'staff',
    authorName: m.authorKind === 'staff' ? staffName(m.authorUserId) : ticket.name,
    body: m.body,
    photoUrl: m.photoKey ? photoUrl(m.id) : null,
    internal: m.internal,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** A fresh private link to a guest's ticket: the token for the email, its hash stored. */
export async function newLink(q: Queryable, ticketId: number): Promise<string> {
  const { token, hash } = newToken();
  await insertLink(q, ticketId, hash);
  return token;
}

/**
 * Where an email about this ticket sends its customer: the dashboard when it belongs to an
 * account, else a fresh private link (every link a guest was sent keeps working).
 */
export async function followUrlFor(q: Queryable, ticket: TicketRow, publicUrl: string): Promise<string> {
  const path =
    ticket.userId === null ? `/support/t/${await newLink(q, ticket.id)}` : '/dashboard?tab=support';
  return new URL(path, publicUrl).toString();
}
