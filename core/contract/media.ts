// The admin photo upload (POST /api/v1/admin/media): the file's bytes are the body, the alt text
// rides in the query string, the answer is the stored picture's reference (ADR 031).
import { z } from 'zod';

export const UploadMediaQuery = z.object({
  alt: z
    .string()
    .max(300, 'Please keep the description under 300 characters.')
    .optional()
    .describe('What the photo shows, for shoppers who cannot see it (alt text); may be set later'),
});

/** The body: the photo file itself, sent as is (any content type; its bytes decide what it is). */
export const UploadMediaBody = z
  .custom<Buffer>((value) => value === undefined || Buffer.isBuffer(value), 'Please send a photo file.')
  .optional()
  .meta({
    type: 'string',
    format: 'binary',
    description: 'The photo file (JPEG, PNG, WebP, AVIF or GIF; 10 MB at most)',
  });

export const UploadedMediaSchema = z.object({
  id: z.string().describe('The picture’s id: post it in a form’s `photos` field'),
  width: z.number().int().describe('Width in pixels, after the EXIF orientation is applied'),
  height: z.number().int().describe('Height in pixels'),
  alt: z.string().describe('The alt text given with the upload'),
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;
