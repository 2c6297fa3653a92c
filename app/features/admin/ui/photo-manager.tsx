// Photos for a product or banner form (ADR 031). Inside the surrounding <form> it posts:
//   photos             one per photo, the media id, in display order (the first is the main photo)
//   photoAlt-<mediaId> the photo's alt text
//   newPhotos          files chosen without JavaScript (multipart form; app/lib/uploads.server.ts)
// With JavaScript, chosen or dropped files upload at once to POST /api/v1/admin/media, each with
// its own progress bar, and the list can be reordered by drag or by the Up/Down buttons.
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import type { UploadedMedia } from '#core/contract/media.ts';
import { mediaUrl } from '#core/media.ts';

export interface ManagedPhoto {
  id: string;
  alt: string;
  width?: number;
  height?: number;
}

interface PendingUpload {
  key: string;
  name: string;
  /** 0–100 while sending; null once sent and being checked. */
  progress: number | null;
  error: string | null;
}

const UPLOAD_URL = '/api/v1/admin/media';
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Sends one file as the request body, reporting progress; resolves with the stored photo. */
function uploadFile(file: File, onProgress: (percent: number | null) => void): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let body: { message?: string } & Partial<UploadedMedia> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: a proxy's page; the status says enough
      }
      if (xhr.status === 201 && body.id) resolve(body as UploadedMedia);
      else if (xhr.status === 413) reject(new Error(body.message ?? 'Photos must be 10 MB or smaller.'));
      else reject(new Error(body.message ?? `The upload failed (${xhr.status}). Please try again.`));
    };
    xhr.onerror = () =>
      reject(new Error('The upload was interrupted. Please check your connection and try again.'));
    xhr.send(file);
  });
}

export function PhotoManager({
  initial,
  max = 20,
  label = 'Photos',
  hint,
}: {
  /** The photos the form starts with (after a refusal: the ones it posted). */
  initial: ManagedPhoto[];
  /** How many photos the form takes (a banner: 1). */
  max?: number;
  label?: string;
  /** E.g. the recommended size: "Recommended: 1920 × 800 pixels". */
  hint?: string;
}) {
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState<ManagedPhoto[]>(initial);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const uploading = pending.some((p) => p.error === null);
  const room = max - photos.length - pending.filter((p) => p.error === null).length;

  // A form sent while photos are still uploading would lose them: hold it and say why.
  useEffect(() => {
    const form = rootRef.current?.closest('form');
    if (!form || !uploading) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      setAnnouncement('Please wait: photos are still uploading.');
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [uploading]);

  function addFiles(files: File[]) {
    const accepted = files.slice(0, Math.max(room, 0));
    const skipped = files.length - accepted.length;
    if (skipped > 0) {
      setAnnouncement(
        `Only ${max} photo${max === 1 ? '' : 's'} can be used here: ${skipped} file${skipped === 1 ? ' was' : 's were'} not added.`,
      );
    }
    for (const file of accepted) {
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      setPending((list) => [...list, { key, name: file.name, progress: 0, error: null }]);
      uploadFile(file, (progress) =>
        setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p))),
      ).then(
        (photo) => {
          setPending((list) => list.filter((p) => p.key !== key));
          setPhotos((list) =>
            list.some((p) => p.id === photo.id) ? list : [...list, { ...photo, alt: photo.alt }],
          );
          setAnnouncement(`${file.name} uploaded.`);
        },
        (error: Error) => {
          setPending((list) => list.map((p) => (p.key === key ? { ...p, error: error.message } : p)));
          setAnnouncement(`${file.name} was not added: ${error.message}`);
        },
      );
    }
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= photos.length || from === to) return;
    setPhotos((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setAnnouncement(
      `Photo moved to position ${to + 1} of ${photos.length}${to === 0 ? ': it is now the main photo' : ''}.`,
    );
  }

  function remove(index: number) {
    setPhotos((list) => list.filter((_, i) => i !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
    fileRef.current?.focus();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) addFiles(files);
  }

  return (
    <div ref={rootRef} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="font-semibold">
          {label}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {hint ? `${hint}. ` : ''}
          {max === 1 ? 'One photo' : 'The first photo is the main one'}; JPEG, PNG or WebP, 10 MB at most.
        </p>
      </div>

      {photos.length > 0 && (
        <ol className="space-y-2" aria-label={`${label} in display order`}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              draggable={hydrated && photos.length > 1}
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => {
                if (dragging !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className={`flex flex-wrap items-center gap-3 rounded-lg border bg-white p-2 ${dragging === index ? 'opacity-50' : ''}`}
            >
              <img
                src={mediaUrl(photo.id, 160, 'webp')}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1 basis-48">
                <p className="text-sm font-semibold">
                  {index === 0 && max > 1 ? 'Main photo' : `Photo ${index + 1}`}
                </p>
                {/* Without JavaScript an unticked box drops the photo; with it, Remove does. */}
                {hydrated ? (
                  <input type="hidden" name="photos" value={photo.id} />
                ) : (
                  <label className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name="photos" value={photo.id} defaultChecked /> Keep this photo
                  </label>
                )}
                <label className="mt-1 block text-sm">
                  <span className="text-muted">Alt text (what the photo shows)</span>
                  <input
                    name={`photoAlt-${photo.id}`}
                    value={photo.alt}
                    maxLength={300}
                    onChange={(event) => {
                      const alt = event.target.value;
                      setPhotos((list) => list.map((p) => (p.id === photo.id ? { ...p, alt } : p)));
                    }}
                    className="input mt-1 w-full"
                  />
                </label>
              </div>
              {hydrated && (
                <div className="flex gap-1">
                  {max > 1 && (
                    <>
                      <button
                        type="button"
                        className="btn-outline px-2 py-1 text-sm"
                        onClick={() => move(index, index - 1)}
                        disabled={index === 0}
                        aria-label={`Move photo ${index + 1} up`}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className="btn-outline px-2 py-1 text-sm"
                        onClick={() => move(index, index + 1)}
                        disabled={index === photos.length - 1}
                        aria-label={`Move photo ${index + 1} down`}
                      >
                        Down
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="btn-outline px-2 py-1 text-sm text-sale"
                    onClick={() => remove(index)}
                    aria-label={`Remove photo ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      {pending.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {pending.map((p) => (
            <li key={p.key} className="rounded-lg border bg-white p-2 text-sm">
              <p className="break-all font-semibold">{p.name}</p>
              {p.error === null ? (
                <progress
                  className="mt-1 w-full"
                  max={100}
                  value={p.progress ?? undefined}
                  aria-label={`Uploading ${p.name}`}
                />
              ) : (
                <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sale" role="alert">
                    {p.error}
                  </p>
                  <button
                    type="button"
                    className="btn-outline px-2 py-1 text-sm"
                    onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                  >
                    Dismiss
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse shortcut; the file input inside is the keyboard way */}
      <div
        onDragOver={(event) => {
          if (dragging !== null) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        hidden={hydrated && room <= 0}
        className={`rounded-lg border-2 border-dashed p-4 text-center ${dragOver ? 'border-plum-700 bg-plum-50' : 'border-plum-100'}`}
      >
        <p className="mb-2 text-sm text-muted">
          {hydrated ? 'Drop photos here, or choose them:' : 'Choose photos to add when you save:'}
        </p>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          name="newPhotos"
          accept={ACCEPT}
          multiple={max > 1}
          aria-describedby={hintId}
          className="max-w-full text-sm"
          onChange={(event) => {
            if (!hydrated) return;
            const files = [...(event.target.files ?? [])];
            // The files go up now; the form must not send them again.
            event.target.value = '';
            addFiles(files);
          }}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {announcement.startsWith('Please wait') && <p className="text-sm text-sale">{announcement}</p>}
    </div>
  );
}
