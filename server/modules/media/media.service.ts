// Images: originals are stored once (named by their content hash) and every rendition the
// pages ask for (width × AVIF/WebP/JPEG) is made by sharp on first request and kept.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  type ImageRef,
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  type RenditionFormat,
  type RenditionWidth,
} from '#core/media.ts';
import type { Queryable } from '#server/db/client.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import type { BlobStorage } from '#server/platform/storage.ts';
import { findMedia, insertMedia, type MediaRow } from './media.repository.ts';

const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'svg', 'tiff', 'heif']);
const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const CONTENT_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

export type MediaRecord = Omit<MediaRow, 'createdAt'>;

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

export function createMediaService(deps: { db: Queryable; storage: BlobStorage }) {
  const { db, storage } = deps;
  const inFlight = new Map<string, Promise<Rendition>>();

  /** Checks an image and stores its original; the caller records it with `recordMedia`. */
  async function storeOriginal(input: Buffer, alt: string): Promise<MediaRecord> {
    if (input.byteLength > MAX_UPLOAD_BYTES) {
      throw new ValidationError('Images must be 10 MB or smaller.');
    }
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new ValidationError('That file is not an image we can read.');
    }
    if (!meta.format || !ACCEPTED_INPUT.has(meta.format) || !meta.width || !meta.height) {
      throw new ValidationError('That file is not an image we can read.');
    }
    // JPEG, PNG and WebP originals are kept byte for byte; anything else becomes PNG.
    let data = input;
    let ext: string = meta.format === 'jpeg' ? 'jpg' : meta.format;
    if (!['jpeg', 'png', 'webp'].includes(meta.format)) {
      data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer();
      ext = 'png';
    }
    // EXIF orientation swaps the displayed width and height.
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = rotated ? meta.height : meta.width;
    const height = rotated ? meta.width : meta.height;
    const id = createHash('sha256').update(data).digest('hex').slice(0, 24);
    const storageKey = `originals/${id}.${ext}`;
    await storage.put(storageKey, data);
    return {
      id,
      storageKey,
      mimeType: `image/${ext === 'jpg' ? 'jpeg' : ext}`,
      width,
      height,
      bytes: data.byteLength,
      alt,
    };
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
    await storage.put(cacheKey, body);
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
    await storage.put(cacheKey, body);
    return { body, contentType: CONTENT_TYPES.jpg };
  }

  /** Records a stored original (from `storeOriginal`), inside the caller's transaction if given. */
  async function recordMedia(record: MediaRecord, into: Queryable = db): Promise<void> {
    await insertMedia(into, record);
  }

  return {
    storeOriginal,
    recordMedia,
    importImage,
    /** The bytes of one rendition; concurrent requests for the same one share the work. */
    async getRendition(
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
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
