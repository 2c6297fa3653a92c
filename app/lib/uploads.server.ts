// Photos sent by a form without JavaScript: `<input type="file" name="newPhotos" multiple>` in a
// `multipart/form-data` form. A route action hands its FormData here; each file is checked and
// stored by the media service exactly as the upload endpoint does (ADR 031), and its id joins the
// form's `photos` list (after the ones already there, in the order the files were chosen).
import type { AppLoadContext } from 'react-router';
import type { SessionUser } from '#core/contract/account.ts';
import { asAppError } from './errors.ts';

export const NEW_PHOTOS_FIELD = 'newPhotos';

/** The form's `photos`: media ids in display order (one field each, or comma-separated). */
function photoIdsOf(form: FormData): string[] {
  return form
    .getAll('photos')
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter((v) => /^[a-f0-9]{24}$/.test(v));
}

export interface NewPhotosResult {
  /** The form's `photos` (media ids in display order) with the newly stored ones appended. */
  photos: string[];
  /** The ids stored by this call (their alt text is empty until the owner writes one). */
  added: string[];
  /** One message per refused file, naming it: show them and keep the rest of the form. */
  refused: string[];
}

/**
 * Stores the form's `newPhotos` files. A refused file is skipped with its reason; the others are
 * kept, so the owner only has to choose the refused ones again. `max` caps the resulting list
 * (a banner has one photo): extra new files are refused with a message.
 */
export async function storeNewPhotos(
  form: FormData,
  context: AppLoadContext,
  user: SessionUser,
  options: { max?: number } = {},
): Promise<NewPhotosResult> {
  const photos = photoIdsOf(form);
  const files = form.getAll(NEW_PHOTOS_FIELD).filter((v): v is File => typeof v !== 'string' && v.size > 0);
  const added: string[] = [];
  const refused: string[] = [];
  const max = options.max ?? Number.POSITIVE_INFINITY;
  for (const file of files) {
    const name = file.name || 'A file';
    if (photos.length >= max) {
      refused.push(`${name}: only ${max} photo${max === 1 ? '' : 's'} can be used here. Remove one first.`);
      continue;
    }
    await context.services.limits.enforce('upload', context);
    try {
      const image = await context.services.media.upload(Buffer.from(await file.arrayBuffer()), '', {
        userId: user.id,
        ip: context.clientIp,
      });
      if (!photos.includes(image.id)) photos.push(image.id);
      added.push(image.id);
    } catch (error) {
      const known = asAppError(error);
      if (!known) throw error;
      refused.push(`${name}: ${known.message}`);
    }
  }
  return { photos, added, refused };
}

/** The form's photos in display order with their alt text (`photos` and `photoAlt-<id>`). */
export function photosFromForm(form: FormData, photos?: readonly string[]): { id: string; alt: string }[] {
  const ids = photos ?? photoIdsOf(form);
  return [...new Set(ids)].map((id) => {
    const alt = form.get(`photoAlt-${id}`);
    return { id, alt: typeof alt === 'string' ? alt.trim().slice(0, 300) : '' };
  });
}

/**
 * A shopper's photo files from a multipart form (a review's `photoFiles`), read for a service that
 * checks them itself: empty inputs are skipped, and each file counts against the 'upload' limit
 * (429 once passed) before its bytes are read.
 */
export async function photoFilesOf(
  form: FormData,
  field: string,
  context: AppLoadContext,
): Promise<{ name: string; data: Buffer }[]> {
  const files = form.getAll(field).filter((v): v is File => typeof v !== 'string' && v.size > 0);
  const out: { name: string; data: Buffer }[] = [];
  for (const file of files) {
    await context.services.limits.enforce('upload', context);
    out.push({ name: file.name.slice(0, 200), data: Buffer.from(await file.arrayBuffer()) });
  }
  return out;
}
