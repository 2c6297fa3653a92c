// The one photo a support form may carry (`photo`, a file input in a multipart form): its bytes
// for the support service, which checks them by content (server/modules/support). A form sent
// without a file, or with an empty one, has none.
export const SUPPORT_PHOTO_FIELD = 'photo';

export async function supportPhotoOf(form: FormData): Promise<Buffer | null> {
  const file = form.get(SUPPORT_PHOTO_FIELD);
  if (!file || typeof file === 'string' || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}
