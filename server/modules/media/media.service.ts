// Images: originals are stored once (named by their content hash) and every rendition the
// pages ask for (width × AVIF/WebP/JPEG) is made by sharp on first request and kept. A photo
// staff upload, and the hero's pictures when the shop starts, get their AVIF and WebP renditions
// made ahead, in the background (ADR 054), so the first shoppers after an upload — a flash sale
// shared the moment its photo is up — do not wait on the encoder.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { UserRole } from '#core/account.ts';
import {
  type ImageRef,
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  type RenditionFormat,
  type RenditionWidth,
  srcSetWidths,
} from '#core/media.ts';
import { can } from '#core/permissions.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { type BlobStorage, isStorageFull, putUpload } from '#server/platform/storage.ts';
import { findMedia, insertMedia, type MediaRow, updateMediaAlt } from './media.repository.ts';

/** What a shop owner's photo may be (sharp's names for them; AVIF decodes as `heif`). */
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
/** A decompression-bomb guard: 50 megapixels (8000 × 6250) is more than any phone's normal photo. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_ALT_LENGTH = 300;
/** Originals are kept no larger than this on their long side: more than the largest rendition. */
const MAX_ORIGINAL_SIDE = 3000;
/** Web markup or script anywhere in a picture's bytes: a polyglot meant to be opened as a page. */
const MARKUP = /<(?:script|html|svg|iframe|body|object|embed|\?php)\b|javascript:/i;
/** A ZIP archive's end record: a ZIP (or JAR, DOCX, …) glued after a picture. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

export const REFUSALS = {
  tooLarge: 'Photos must be 10 MB or smaller. Please send a smaller photo.',
  unreadable: 'That file is not a photo we can read. Please upload a JPEG, PNG or WebP photo.',
  svg: 'SVG drawings are not accepted (they can carry scripts). Please upload a JPEG, PNG or WebP photo.',
  hidden:
    'That file has something hidden inside the picture (a web page, script or archive). Please save the photo again from your phone or editor and upload that.',
  tooManyPixels: (width: number, height: number) =>
    `That photo is ${width} × ${height} pixels, more than the 50 megapixels we accept. Please resize it (for example to 3000 pixels wide) and upload it again.`,
} as const;

export const CONTENT_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

export type MediaRecord = Omit<MediaRow, 'createdAt' | 'sample'>;

/** A photo that passed the checks, re-encoded, not stored yet (`checkPhoto` → `saveChecked`). */
export interface CheckedPhoto {
  record: MediaRecord;
  data: Buffer;
}

export interface Rendition {
  body: Buffer;
  contentType: string;
}

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export function parseRenditionName(
  name: string,
): { width: RenditionWidth | 'og'; format: RenditionFormat } | null {
  if (name === 'og.jpg') return { width: 'og', format: 'jpg' };
  const match = /^(\d{2,4})\.(avif|webp|jpg)$/.exec(name);
  if (!match) return null;
  const width = Number(match[1]) as RenditionWidth;
  const format = match[2] as RenditionFormat;
  if (!RENDITION_WIDTHS.includes(width) || !RENDITION_FORMATS.includes(format)) return null;
  return { width, format };
}

/** The checks and the re-encoding of storeOriginal, without storing anything. */
export async function cleanImage(
  input: Buffer,
): Promise<{ data: Buffer; ext: 'jpg' | 'png' | 'webp'; width: number; height: number }> {
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new ValidationError(REFUSALS.tooLarge);
  if (input.byteLength === 0) throw new ValidationError(REFUSALS.unreadable);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError(REFUSALS.unreadable);
  }
  if (meta.format === 'svg') throw new ValidationError(REFUSALS.svg);
  if (!meta.format || !ACCEPTED_INPUT.has(meta.format) || !meta.width || !meta.height) {
    throw new ValidationError(REFUSALS.unreadable);
  }
  // latin1 maps every byte to one character, so the search sees the file's bytes as they are.
  const tail = input.subarray(Math.max(0, input.byteLength - 65_557));
  if (MARKUP.test(input.toString('latin1')) || tail.includes(ZIP_END)) {
    throw new ValidationError(REFUSALS.hidden);
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) {
    throw new ValidationError(REFUSALS.tooManyPixels(meta.width, frameHeight));
  }
  // Decode the pixels (a truncated or corrupt file fails here) and write a fresh file: the
  // EXIF orientation is applied, then every piece of metadata is left behind.
  const ext = meta.format === 'jpeg' ? 'jpg' : meta.format === 'png' ? 'png' : 'webp';
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({
    width: MAX_ORIGINAL_SIDE,
    height: MAX_ORIGINAL_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (ext === 'jpg') pipeline = pipeline.jpeg({ quality: 90 });
  else if (ext === 'png') pipeline = pipeline.png();
  else pipeline = pipeline.webp({ quality: 90 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch {
    throw new ValidationError(REFUSALS.unreadable);
  }
}

/** Who uploads, for the audit log. */
export interface Uploader {
  userId: number;
  ip?: string | null;
}

/** May this role upload photos? Those who edit products or banners (both use the same upload). */
export function mayUploadPhotos(role: UserRole): boolean {
  return can(role, 'products.edit') || can(role, 'banners.manage');
}

/** The formats made ahead: what every current phone and desktop browser takes (JPEG stays on demand). */
const AHEAD_FORMATS = ['avif', 'webp'] as const satisfies readonly RenditionFormat[];

export function createMediaService(deps: {
  db: Db;
  storage: BlobStorage;
  /** The audit log (uploads by staff are recorded); absent in scripts that only import artwork. */
  audit?: Pick<AuditService, 'record'>;
  /**
   * Make a staff upload's renditions ahead, in the background (ADR 054). On in the running shop;
   * off by default so a test's uploads do not leave the encoder busy after it ends.
   */
  renditionsAhead?: boolean;
}) {
  const { db, storage, audit } = deps;
  const inFlight = new Map<string, Promise<Rendition>>();
  /** Pictures waiting for their renditions to be made ahead, one picture at a time. */
  const aheadQueue: string[] = [];
  let aheadRun: Promise<void> | null = null;
  let aheadStopped = false;

  /**
   * Queues pictures for their renditions to be made ahead (AVIF and WebP at every width the
   * picture is large enough for), one at a time in the background. A rendition already kept is
   * only read; one that fails is left to be made (or to fail) when a page asks for it.
   */
  function makeAhead(ids: readonly string[]): Promise<void> {
    for (const id of ids) if (!aheadQueue.includes(id)) aheadQueue.push(id);
    if (!aheadRun && aheadQueue.length > 0 && !aheadStopped) aheadRun = drainAhead();
    return aheadRun ?? Promise.resolve();
  }

  async function drainAhead(): Promise<void> {
    try {
      for (let id = aheadQueue.shift(); id !== undefined; id = aheadQueue.shift()) {
        const row = await findMedia(db, id).catch(() => null);
        if (!row) continue;
        // Every width a srcset can name for this picture (its own width being the largest shown).
        for (const width of srcSetWidths(row.width, row.width))
          for (const format of AHEAD_FORMATS) {
            if (aheadStopped) return;
            await getRendition(id, width, format).catch(() => undefined);
          }
      }
    } finally {
      // Reached with the queue empty and no await since: a picture queued from now starts a new run.
      aheadRun = null;
    }
  }

  /** Stores an original; a full disk or quota is the owner's "storage full" (507, ADR 050). */
  const putOriginal = (key: string, data: Buffer) => putUpload(storage, key, data);

  /** Keeps a rendition for next time if there is room: the picture is served either way. */
  async function keepRendition(key: string, body: Buffer): Promise<void> {
    try {
      await storage.put(key, body);
    } catch (error) {
      if (!isStorageFull(error)) throw error;
    }
  }

  /**
   * Checks an untrusted file by its content (never its name or declared type) and stores a clean
   * copy (ADR 031): refused unless sharp decodes it as a JPEG, PNG, WebP, AVIF or GIF of at most
   * 50 megapixels and 10 MB with no markup, script or archive inside; then re-encoded, so only its
   * pixels are kept (no metadata such as the phone's GPS position, nothing after the picture).
   * Throws ValidationError and stores nothing on refusal. The caller records it with `recordMedia`.
   */
  async function storeOriginal(input: Buffer, alt: string): Promise<MediaRecord> {
    const prepared = await checkPhoto(input, alt);
    await putOriginal(prepared.record.storageKey, prepared.data);
    return prepared.record;
  }

  /**
   * The checks and re-encoding of an untrusted photo, with nothing stored yet: a form that takes
   * several photos checks them all first, so one refused file leaves nothing behind.
   */
  async function checkPhoto(input: Buffer, alt = ''): Promise<CheckedPhoto> {
    const clean = await cleanImage(input);
    const id = createHash('sha256').update(clean.data).digest('hex').slice(0, 24);
    return {
      data: clean.data,
      record: {
        id,
        storageKey: `originals/${id}.${clean.ext}`,
        mimeType: `image/${clean.ext === 'jpg' ? 'jpeg' : clean.ext}`,
        width: clean.width,
        height: clean.height,
        bytes: clean.data.byteLength,
        alt: alt.trim().slice(0, MAX_ALT_LENGTH),
      },
    };
  }

  /**
   * Stores a checked photo and records it inside the caller's transaction, with no audit entry: a
   * shopper's photo (a review's) is not a staff change; the review that holds it is its record.
   * The original is named by its content, so a rolled-back transaction leaves at most an unused
   * file that the same photo would reuse.
   */
  async function saveChecked(photo: CheckedPhoto, into: Queryable): Promise<ImageRef> {
    await putOriginal(photo.record.storageKey, photo.data);
    await insertMedia(into, photo.record);
    const { id, alt, width, height } = photo.record;
    return { id, alt, width, height };
  }

  async function importImage(input: Buffer, alt: string, into: Queryable = db): Promise<ImageRef> {
    const record = await storeOriginal(input, alt);
    await insertMedia(into, record);
    return { id: record.id, alt, width: record.width, height: record.height };
  }

  async function render(id: string, width: RenditionWidth, format: RenditionFormat): Promise<Rendition> {
    const cacheKey = `renditions/${id}/${width}.${format}`;
    const cached = await storage.get(cacheKey);
    if (cached) return { body: cached, contentType: CONTENT_TYPES[format] };

    const row = await findMedia(db, id);
    if (!row) throw new NotFoundError('Image not found.');
    const original = await storage.get(row.storageKey);
    if (!original) throw new NotFoundError('Image not found.');

    let pipeline = sharp(original).rotate().resize({ width, withoutEnlargement: true });
    if (format === 'avif') pipeline = pipeline.avif({ quality: 55, effort: 2 });
    else if (format === 'webp') pipeline = pipeline.webp({ quality: 78, effort: 4 });
    else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    const body = await pipeline.toBuffer();
    await keepRendition(cacheKey, body);
    return { body, contentType: CONTENT_TYPES[format] };
  }

  /** A 1200×630 JPEG cut from the picture: what WhatsApp, Instagram and others show in link previews. */
  async function renderOg(id: string): Promise<Rendition> {
    const cacheKey = `renditions/${id}/og.jpg`;
    const cached = await storage.get(cacheKey);
    if (cached) return { body: cached, contentType: CONTENT_TYPES.jpg };
    const row = await findMedia(db, id);
    const original = row ? await storage.get(row.storageKey) : null;
    if (!original) throw new NotFoundError('Image not found.');
    const body = await sharp(original)
      .rotate()
      .resize({ width: OG_WIDTH, height: OG_HEIGHT, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    await keepRendition(cacheKey, body);
    return { body, contentType: CONTENT_TYPES.jpg };
  }

  /** Records a stored original (from `storeOriginal`), inside the caller's transaction if given. */
  async function recordMedia(record: MediaRecord, into: Queryable = db): Promise<void> {
    await insertMedia(into, record);
  }

  /**
   * A photo uploaded by staff (the upload endpoint and the no-JavaScript form helper): checked
   * and stored as storeOriginal does, recorded with its audit entry in one transaction. A
   * shopper's photo goes through `checkPhoto` and `saveChecked` instead (no staff audit entry).
   */
  async function upload(input: Buffer, alt: string, by: Uploader): Promise<ImageRef> {
    const cleanAlt = alt.trim().slice(0, MAX_ALT_LENGTH);
    const record = await storeOriginal(input, cleanAlt);
    await db.transaction(async (tx) => {
      await insertMedia(tx, record);
      await audit?.record(tx, {
        actorUserId: by.userId,
        ip: by.ip ?? null,
        action: 'media.upload',
        subjectType: 'media',
        subjectId: record.id,
        details: { width: record.width, height: record.height, bytes: record.bytes, type: record.mimeType },
      });
    });
    if (deps.renditionsAhead) void makeAhead([record.id]);
    return { id: record.id, alt: cleanAlt, width: record.width, height: record.height };
  }

  /** The bytes of one rendition; concurrent requests for the same one share the work. */
  async function getRendition(
    id: string,
    width: RenditionWidth | 'og',
    format: RenditionFormat,
  ): Promise<Rendition> {
    if (!/^[a-f0-9]{24}$/.test(id)) throw new NotFoundError('Image not found.');
    const key = `${id}/${width}.${format}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (width === 'og' ? renderOg(id) : render(id, width, format)).finally(() =>
        inFlight.delete(key),
      );
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    storeOriginal,
    upload,
    checkPhoto,
    saveChecked,
    /** A stored picture's reference, or null when there is no such picture. */
    async find(id: string, into: Queryable = db): Promise<ImageRef | null> {
      if (!/^[a-f0-9]{24}$/.test(id)) return null;
      const row = await findMedia(into, id);
      return row ? { id: row.id, alt: row.alt, width: row.width, height: row.height } : null;
    },
    /** Sets a picture's alt text (what it shows), inside the caller's transaction if given. */
    async setAlt(id: string, alt: string, into: Queryable = db): Promise<void> {
      await updateMediaAlt(into, id, alt.trim().slice(0, MAX_ALT_LENGTH));
    },
    recordMedia,
    importImage,
    getRendition,
    makeAhead,
    /** Settles once no rendition is being made ahead (a test waiting for the background work). */
    async aheadIdle(): Promise<void> {
      while (aheadRun) await aheadRun;
    },
    /** Stops making renditions ahead (the process is stopping): the one being made is finished. */
    async stopAhead(): Promise<void> {
      aheadStopped = true;
      aheadQueue.length = 0;
      await aheadRun;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
